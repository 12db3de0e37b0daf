import { screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, onTestFinished } from 'vitest';
import { DISCOVERY_MESSAGES as M } from '../../domain/messages';
import { SEARCH_PAGE_SIZE } from '../../domain/tutors/tutor-search';
import { tutor } from '../test/booking-fixtures';
import { serveSignedIn } from '../test/fake-api';
import { signedInStudent } from '../test/fixtures';
import { renderRouter } from '../test/render';
import { createQueryClient } from './query-client';
import { connectRouteData } from './route-data';
import { routes } from './router';

// A page's data is asked for by its route, before the page's code has loaded and drawn anything,
// and the page shows that very answer (one query definition, one request).

const searchAnswer = {
  json: {
    tutors: [tutor],
    total: 1,
    totalIsLowerBound: false,
    page: 1,
    pageSize: SEARCH_PAGE_SIZE,
    totalPages: 1,
  },
};

describe('data started by the route', () => {
  it.each([
    // page, address, endpoint, its answer, what the page draws at once, what it shows with the answer
    ['search', '/student/tutors?q=math', '/api/tutors', searchAnswer, M.searchTitle, tutor.name],
    [
      'tutor profile',
      `/student/tutors/${tutor.id}`,
      `/api/tutors/${tutor.id}`,
      { json: tutor },
      'Loading tutor profile',
      tutor.name,
    ],
  ])('%s: asked for before the page is drawn, once', async (...cases) => {
    const [, path, endpoint, answer, drawnAtOnce, shownWithAnswer] = cases;
    let pageDrawnWhenAsked: boolean | undefined;
    const { requests } = serveSignedIn(signedInStudent, {
      [`GET ${endpoint}`]: () => {
        pageDrawnWhenAsked ??= screen.queryByText(drawnAtOnce) !== null;
        return answer;
      },
    });
    // As in the app: the router exists (and has started its first loaders) before the cache.
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    const client = createQueryClient(router);
    onTestFinished(connectRouteData(client));
    renderRouter(router, client);

    expect((await screen.findAllByText(shownWithAnswer)).length).toBeGreaterThan(0);
    expect(pageDrawnWhenAsked).toBe(false);
    const asked = requests.filter((request) => request.url.pathname === endpoint);
    expect(asked).toHaveLength(1);
    if (path.includes('?')) expect(asked[0]!.url.searchParams.get('q')).toBe('math');
  });
});
