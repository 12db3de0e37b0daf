import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createReview,
  getMyReviews,
  getTutorReviews,
  replyToReview,
  updateReview,
  type ReplyInput,
  type ReviewInput,
} from '../../../contracts/reviews.contract';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

// TanStack Query hooks over the reviews API. A saved review changes the tutor's rating and
// reviews, so every cached tutor is read again, and every list of reviews.

/** The student's completed lessons to review and their reviews still open to edits. */
export const useMyReviews = () =>
  useQuery({ queryKey: queryKeys.lessonReviews.mine, queryFn: () => call(getMyReviews, {}) });

/** The signed-in tutor's reviews, a page at a time. */
export const useTutorReviews = () =>
  useInfiniteQuery({
    queryKey: queryKeys.lessonReviews.tutor,
    queryFn: ({ pageParam }) => call(getTutorReviews, { query: { page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: (last) => last.nextPage,
  });

function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.lessonReviews.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.tutors.all }),
    ]);
}

/** Writes the review of a lesson (a new one, or the edit of the student's own). */
export function useSaveReview(lessonId: string, isEdit: boolean) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (body: ReviewInput) =>
      call(isEdit ? updateReview : createReview, { params: { id: lessonId }, body }),
    onSuccess: refresh,
  });
}

export function useReply(lessonId: string) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (body: ReplyInput) => call(replyToReview, { params: { id: lessonId }, body }),
    onSuccess: refresh,
  });
}
