import { describe, expect, it } from 'vitest';
import { nextPageOf, pageWindow, rowsOfPage } from './paging';

describe('paging', () => {
  it('keeps a page within the list, moving one past the end back to the last', () => {
    expect(pageWindow(2, 45, 20)).toEqual({
      page: 2,
      totalPages: 3,
      rows: { limit: 20, offset: 20 },
    });
    expect(pageWindow(9, 45, 20)).toMatchObject({ page: 3, totalPages: 3 });
    expect(pageWindow(3, 40, 20)).toMatchObject({ page: 2, totalPages: 2 });
    expect(pageWindow(4, 0, 20)).toEqual({
      page: 1,
      totalPages: 1,
      rows: { limit: 20, offset: 0 },
    });
  });

  it('reads the rows of a page and says whether another follows', () => {
    expect(rowsOfPage(1, 10)).toEqual({ limit: 10, offset: 0 });
    expect(rowsOfPage(3, 10)).toEqual({ limit: 10, offset: 20 });
    expect(nextPageOf(1, 20, 21)).toBe(2);
    expect(nextPageOf(2, 20, 40)).toBeNull();
    expect(nextPageOf(1, 20, 0)).toBeNull();
  });
});
