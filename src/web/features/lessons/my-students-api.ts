import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getMyStudents } from '../../../contracts/lesson-history.contract';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** One page of the students the signed-in tutor has lessons with. */
export function useMyStudents(page: number) {
  return useQuery({
    queryKey: queryKeys.students(page),
    queryFn: () => call(getMyStudents, { query: { page } }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
