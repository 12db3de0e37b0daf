import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_REFERENCE_DATA } from '../../domain/reference/reference-defaults';
import { loadReferenceData } from './reference-data';

describe('loadReferenceData', () => {
  it('falls back to the built-in defaults when the API cannot be reached', async () => {
    // No server answers a relative URL here: the request itself fails, as offline.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(loadReferenceData()).resolves.toEqual(DEFAULT_REFERENCE_DATA);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
