import type { Lesson } from '../../../contracts/booking.contract';
import { MOVE_REQUEST_MESSAGES as R } from '../../../domain/messages';
import { Button } from '../../components/ui/button';
import { messageOf } from '../../lib/api-client';
import { lessonTimes, longDate } from '../../lib/lesson-time';
import { notify } from '../../lib/notify';
import { otherPartyOf, type LessonViewer } from './lesson-status';
import { useMoveStep, type MoveStep } from './move-request-api';

const DONE: Record<MoveStep, string> = {
  accept: R.accepted,
  decline: R.declined,
  withdraw: R.withdrawn,
};
const FAILED: Record<MoveStep, string> = {
  accept: R.answerFailed,
  decline: R.answerFailed,
  withdraw: R.withdrawFailed,
};

/**
 * A tutor's request to move the lesson, on the lesson (ADR 032): the proposed time in the
 * viewer's zone; the student accepts or declines it, the tutor sees it wait and may withdraw it.
 * After a decline or no answer the student reads that the lesson kept its time and may be
 * canceled free.
 */
export function MoveRequestPanel({
  lesson,
  viewer,
  zone,
  onDone,
}: {
  lesson: Lesson;
  viewer: LessonViewer;
  zone: string;
  onDone: () => void;
}) {
  const move = useMoveStep();
  const request = lesson.moveRequest;
  if (!request) return null;
  const run = (step: MoveStep) =>
    move.mutate(
      { lessonId: lesson.id, step },
      {
        onSuccess: () => {
          notify.success(DONE[step]);
          onDone();
        },
        onError: (error) => notify.error(messageOf(error, FAILED[step])),
      },
    );
  const student = viewer === 'student';
  if (request.state !== 'open')
    return (
      <div
        className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-800/60"
        data-testid="move-request"
      >
        <p>
          {student
            ? request.state === 'declined'
              ? R.declinedNote
              : R.unansweredNote
            : request.state === 'declined'
              ? R.studentDeclined
              : R.unansweredNote}
        </p>
        {student && lesson.status === 'scheduled' && <p className="mt-1">{R.freeCancel}</p>}
      </div>
    );
  return (
    <section
      aria-labelledby={`move-request-${lesson.id}`}
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950/60"
      data-testid="move-request"
    >
      <h3 id={`move-request-${lesson.id}`} className="font-semibold">
        {R.pendingTitle}
      </h3>
      <p>{student ? R.proposedBy(otherPartyOf(lesson, viewer).name) : R.youProposed}</p>
      <p className="font-semibold" data-testid="move-request-time">
        {longDate(request.startTime, zone)} ·{' '}
        {lessonTimes(request.startTime, lesson.durationMinutes, zone)}
      </p>
      {request.reason && <p>{R.reason(request.reason)}</p>}
      <p className="text-slate-700 dark:text-slate-300">
        {student ? R.keepsTime : R.waitingForStudent}
      </p>
      <div className="flex flex-wrap gap-2 pt-1">
        {student ? (
          <>
            <Button disabled={move.isPending} onClick={() => run('accept')}>
              {R.accept}
            </Button>
            <Button variant="secondary" disabled={move.isPending} onClick={() => run('decline')}>
              {R.decline}
            </Button>
          </>
        ) : (
          <Button variant="secondary" disabled={move.isPending} onClick={() => run('withdraw')}>
            {R.withdraw}
          </Button>
        )}
      </div>
    </section>
  );
}
