import { screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInStudent } from '../test/fixtures';
import { serveSignedIn } from '../test/fake-api';
import { renderRouter } from '../test/render';
import { createQueryClient } from './query-client';
import { routes } from './router';

// The app's own route table, opened at a deep link as a browser opens it.

describe('the route table', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens a lazy page by deep link without React Router warnings', async () => {
    const warn = vi.spyOn(console, 'warn');
    serveSignedIn(signedInStudent);
    const router = createMemoryRouter(routes, { initialEntries: ['/student/help'] });
    renderRouter(router, createQueryClient(router));
    expect(await screen.findByRole('heading', { level: 1, name: 'Help Center' })).toBeTruthy();
    expect(
      warn.mock.calls.flat().filter((text) => String(text).includes('HydrateFallback')),
    ).toEqual([]);
  });
});
