import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getMyStudents } from '../../../contracts/lesson-history.contract';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** One page of the students the signed-in tutor has lessons with (whose name has `q`). */
export function useMyStudents(page: number, q: string) {
  return useQuery({
    queryKey: queryKeys.students(page, q),
    queryFn: () => call(getMyStudents, { query: { page, q } }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
