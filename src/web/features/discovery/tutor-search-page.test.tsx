import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DISCOVERY_MESSAGES as M } from '../../../domain/messages';
import { SEARCH_PAGE_SIZE, SEARCH_WINDOW } from '../../../domain/tutors/tutor-search';
import { tutor } from '../../test/booking-fixtures';
import { serveSignedIn, type ApiRequest } from '../../test/fake-api';
import { signedInStudent } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { TutorSearchPage } from './tutor-search-page';

/**
 * The search endpoint over `matching` tutors as the server answers: it counts and pages up to
 * SEARCH_WINDOW of them; a page past the last is the last page, said in `page`.
 */
function searchReply(matching: number) {
  return ({ url }: ApiRequest) => {
    const total = Math.min(matching, SEARCH_WINDOW);
    const totalPages = Math.ceil(total / SEARCH_PAGE_SIZE);
    const page = Math.min(Number(url.searchParams.get('page') ?? 1), Math.max(1, totalPages));
    const shown = Math.min(SEARCH_PAGE_SIZE, total - (page - 1) * SEARCH_PAGE_SIZE);
    const tutors = Array.from({ length: shown }, (_, index) => ({
      ...tutor,
      id: `tutor-${page}-${index}`,
    }));
    const totalIsLowerBound = matching > SEARCH_WINDOW;
    return {
      json: { tutors, total, totalIsLowerBound, page, pageSize: SEARCH_PAGE_SIZE, totalPages },
    };
  };
}

const searches = (requests: ApiRequest[]) =>
  requests.filter((request) => request.url.pathname === '/api/tutors');

describe('the tutor search screen', () => {
  it.each([
    ['minPrice=50&maxPrice=40', '50', '40', M.searchPriceOrder],
    ['minPrice=20&maxPrice=20', '20', '20', M.searchPriceOrder],
    ['minPrice=-5&maxPrice=500', '-5', '500', M.searchPriceRange],
  ])(
    'says why the price range of %s is not applied, by the filter',
    async (query, min, max, message) => {
      const { requests } = serveSignedIn(signedInStudent, { 'GET /api/tutors': searchReply(3) });
      renderInApp(<TutorSearchPage />, { path: `/student/tutors?q=math&${query}` });
      const panel = screen.getByRole('form', { name: 'Filters' });
      const alert = await within(panel).findByRole('alert');
      expect(alert.textContent).toBe(`${message} ${M.searchPriceIgnored}`);
      expect(within(panel).getByLabelText<HTMLInputElement>('Min price').value).toBe(min);
      expect(within(panel).getByLabelText<HTMLInputElement>('Max price').value).toBe(max);
      // The search ran over all prices, as the message says.
      await screen.findByText(M.showingOf(3, 3));
      const [asked] = searches(requests);
      expect(asked!.url.searchParams.get('q')).toBe('math');
      expect(asked!.url.searchParams.get('minPrice') ?? '0').toBe('0');
      expect(asked!.url.searchParams.get('maxPrice') ?? '200').toBe('200');
    },
  );

  it('fixing the range applies it and the message goes', async () => {
    serveSignedIn(signedInStudent, { 'GET /api/tutors': searchReply(3) });
    const user = userEvent.setup();
    const { router } = renderInApp(<TutorSearchPage />, {
      path: '/student/tutors?minPrice=50&maxPrice=40',
    });
    const panel = screen.getByRole('form', { name: 'Filters' });
    await within(panel).findByRole('alert');
    await user.clear(within(panel).getByLabelText('Max price'));
    await user.type(within(panel).getByLabelText('Max price'), '90');
    await user.click(within(panel).getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?minPrice=50&maxPrice=90'));
    expect(within(screen.getByRole('form', { name: 'Filters' })).queryByRole('alert')).toBeNull();
  });

  it('shows the last page for a page past it, and puts that page in the address', async () => {
    serveSignedIn(signedInStudent, { 'GET /api/tutors': searchReply(51) });
    const { router } = renderInApp(<TutorSearchPage />, { path: '/student/tutors?q=math&page=9' });
    expect(await screen.findByText(M.showingOf(1, 51))).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?q=math&page=6'));
    const current = screen.getByRole('button', { name: 'Page 6' });
    expect(current.getAttribute('aria-current')).toBe('page');
  });

  it('says 1000+ when more tutors match than a search counts, and pages up to the 100th page', async () => {
    serveSignedIn(signedInStudent, { 'GET /api/tutors': searchReply(99_000) });
    const user = userEvent.setup();
    const { router } = renderInApp(<TutorSearchPage />, { path: '/student/tutors?q=a' });
    expect(await screen.findByText('Showing 10 of 1000+ tutors')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Page 100' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=a&page=100'));
    expect(await screen.findByText('Showing 10 of 1000+ tutors')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page 101' })).toBeNull();
  });

  it('keeps 1000+ beside the subjects, and an old link past the 100th page shows that page', async () => {
    serveSignedIn(signedInStudent, { 'GET /api/tutors': searchReply(1001) });
    const { router } = renderInApp(<TutorSearchPage />, {
      path: '/student/tutors?subjects=Mathematics&page=250',
    });
    expect(await screen.findByText('Showing 10 of 1000+ tutors for Mathematics')).toBeTruthy();
    await waitFor(() =>
      expect(router.state.location.search).toBe('?subjects=Mathematics&page=100'),
    );
  });

  it('counts exactly up to the window', async () => {
    serveSignedIn(signedInStudent, { 'GET /api/tutors': searchReply(1000) });
    renderInApp(<TutorSearchPage />, { path: '/student/tutors?q=a' });
    expect(await screen.findByText('Showing 10 of 1000 tutors')).toBeTruthy();
  });

  it('offers the popular searches the server says find someone', async () => {
    const { requests } = serveSignedIn(signedInStudent, {
      'GET /api/tutors': searchReply(3),
      'GET /api/tutors/suggestions': { json: { suggestions: ['Mathematics', 'English'] } },
    });
    const user = userEvent.setup();
    renderInApp(<TutorSearchPage />, { path: '/student/tutors' });
    await user.click(screen.getByRole('combobox', { name: 'Search tutors' }));
    const list = await screen.findByRole('listbox', { name: 'Popular searches' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Mathematics', 'English']);
    const asked = requests.find((request) => request.url.pathname === '/api/tutors/suggestions');
    expect(asked!.url.searchParams.get('q') ?? '').toBe('');
  });
});
