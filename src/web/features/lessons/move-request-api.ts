import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  acceptMove,
  declineMove,
  proposeMove,
  withdrawMove,
} from '../../../contracts/booking.contract';
import { call, type BodyOf } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

// A tutor's move request (ADR 032): the tutor proposes and may withdraw, the student accepts or
// declines. Every step reloads all lessons (the lists, the lesson, the history) either way: a
// refusal means the lesson changed meanwhile.

function useLessonsStep<T>(step: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: step,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.lessons.all }),
  });
}

export const useProposeMove = () =>
  useLessonsStep(
    async ({ lessonId, body }: { lessonId: string; body: BodyOf<typeof proposeMove> }) =>
      (await call(proposeMove, { params: { id: lessonId }, body })).lesson,
  );

/** The student's answer, or the tutor's withdrawal. */
export type MoveStep = 'accept' | 'decline' | 'withdraw';
const ENDPOINTS = { accept: acceptMove, decline: declineMove, withdraw: withdrawMove } as const;

export const useMoveStep = () =>
  useLessonsStep(
    async ({ lessonId, step }: { lessonId: string; step: MoveStep }) =>
      (await call(ENDPOINTS[step], { params: { id: lessonId } })).lesson,
  );
