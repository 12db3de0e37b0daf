import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getPastLessons } from '../../../contracts/lesson-history.contract';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

type PastPage = Awaited<ReturnType<typeof fetchPage>>;

const fetchPage = (page: number) => call(getPastLessons, { query: { page } });

const pastOptions = <T>(page: number, select: (data: PastPage) => T) => ({
  queryKey: queryKeys.lessons.past(page),
  queryFn: () => fetchPage(page),
  select,
  // Another page keeps the current one on screen (dimmed) until its lessons arrive.
  placeholderData: keepPreviousData,
  retry: false,
});

/** One page of the signed-in user's ended and canceled lessons, newest first: the lessons. */
export const usePastLessons = (page: number) => useQuery(pastOptions(page, (data) => data.lessons));

/** The same page's place among all of them (the server moves a page past the last back). */
export const usePastLessonsPaging = (page: number) =>
  useQuery(pastOptions(page, ({ page: shown, totalPages }) => ({ page: shown, totalPages })));
