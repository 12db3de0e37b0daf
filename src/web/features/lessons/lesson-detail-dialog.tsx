import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { classroomPath } from '../../../domain/booking/classroom';
import type { Lesson } from '../../../contracts/booking.contract';
import { canReschedule } from '../../../domain/booking/booking-rules';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { LessonStatusBadge, TrialTag } from './lesson-badges';
import { otherPartyOf, type LessonViewer } from './lesson-status';
import { longDate, lessonTimes, zoneLabel } from '../../lib/lesson-time';
import { safeWebUrl } from '../../lib/safe-web-url';
import { JoinLessonLink } from './join-lesson-link';
import { useJoinUrl } from './use-join-url';
import { LessonNotes } from './lesson-notes';
import { PersonAvatar } from '../../components/ui/person-avatar';
import { RescheduleView } from './reschedule-view';
import { MoveRequestPanel } from './move-request-panel';
import { MOVE_REQUEST_MESSAGES as R } from '../../../domain/messages';
import { useReschedule } from './use-reschedule';
import { CANCELLATION_MESSAGES as C } from '../../../domain/messages';
import {
  settleActions,
  SettleStepView,
  useSettleStep,
  type SettleMode,
} from './cancel-lesson-step';
import { focusOnMount } from '../../lib/focus-on-mount';

/**
 * The lesson detail dialog: one lesson's facts, in the viewer's zone. Reschedule (pending and scheduled
 * lessons) turns the same dialog into its second step, so a phone never stacks two dialogs;
 * Back returns to the details. Below the facts, the viewer's notes (and a tutor's view of the
 * student's).
 */
export function LessonDetailDialog({
  lesson,
  viewer,
  zone,
  onClose,
}: {
  lesson: Lesson | null;
  viewer: LessonViewer;
  zone: string;
  onClose: () => void;
}) {
  const [rescheduling, setRescheduling] = useState(false);
  // Back from the step: focus returns to the Reschedule button, not to the page.
  const [cameBack, setCameBack] = useState(false);
  // Cancel or report a no-show: another second step of the same dialog.
  const [settling, setSettling] = useState<SettleMode | null>(null);
  const close = () => {
    setRescheduling(false);
    setSettling(null);
    setCameBack(false);
    onClose();
  };
  const step = useReschedule({ lesson, viewer, zone, active: rescheduling, onMoved: close });
  const tutor = viewer === 'tutor';
  const settle = useSettleStep({ lesson, mode: settling, onDone: close });
  const actions = settleActions(lesson);
  const openSettle = (mode: SettleMode) => {
    settle.reset();
    setSettling(mode);
  };

  const joinUrl = useJoinUrl(lesson);
  const detailsFooter = (
    <>
      <Button variant="secondary" onClick={close}>
        Close
      </Button>
      {joinUrl && <JoinLessonLink href={joinUrl} />}
      {lesson && canReschedule(lesson.status) && lesson.moveRequest?.state !== 'open' && (
        <Button
          ref={cameBack ? focusOnMount : undefined}
          onClick={() => {
            step.start();
            setRescheduling(true);
          }}
        >
          {tutor ? R.proposeNewTime : M.reschedule}
        </Button>
      )}
      {actions.cancel && (
        <Button variant="secondary" onClick={() => openSettle('cancel')}>
          {C.cancelLesson}
        </Button>
      )}
      {actions.noShow && (
        <Button variant="secondary" onClick={() => openSettle('no-show')}>
          {C.reportNoShow}
        </Button>
      )}
    </>
  );
  const settleFooter = (
    <>
      <Button variant="secondary" disabled={settle.busy} onClick={() => setSettling(null)}>
        {settling === 'cancel' ? C.keepLesson : M.backToDetails}
      </Button>
      <Button disabled={!settle.ready || settle.busy} onClick={settle.submit}>
        {settling === 'cancel'
          ? settle.busy
            ? C.canceling
            : C.confirmCancel
          : settle.busy
            ? C.reporting
            : C.confirmReport}
      </Button>
    </>
  );
  const settleTitle =
    settling === 'cancel'
      ? C.cancelTitle
      : C.reportTitle(viewer === 'student' ? 'your tutor' : 'your student');
  const rescheduleFooter = (
    <>
      <Button
        variant="secondary"
        disabled={step.busy}
        onClick={() => {
          setCameBack(true);
          setRescheduling(false);
        }}
      >
        {M.backToDetails}
      </Button>
      <Button disabled={!step.date || !step.slot || step.busy} onClick={step.submit}>
        {step.busy ? M.processing : tutor ? R.sendRequest : M.confirmReschedule}
      </Button>
    </>
  );
  return (
    <Dialog
      open={lesson !== null}
      onClose={close}
      title={
        settling
          ? settleTitle
          : rescheduling
            ? tutor
              ? R.proposeNewTime
              : M.rescheduleTitle
            : M.lessonDetails
      }
      closeLabel={M.closeLessonDetails}
      footer={settling ? settleFooter : rescheduling ? rescheduleFooter : detailsFooter}
    >
      {lesson &&
        (settling ? (
          <SettleStepView mode={settling} viewer={viewer} step={settle} />
        ) : rescheduling ? (
          <RescheduleView lesson={lesson} viewer={viewer} zone={zone} step={step} />
        ) : (
          <LessonFacts lesson={lesson} viewer={viewer} zone={zone} onMoveDone={close} />
        ))}
    </Dialog>
  );
}

function LessonFacts({
  lesson,
  viewer,
  zone,
  onMoveDone,
}: {
  lesson: Lesson;
  viewer: LessonViewer;
  zone: string;
  onMoveDone: () => void;
}) {
  const person = otherPartyOf(lesson, viewer);
  const meetingUrl = safeWebUrl(lesson.meetingUrl);
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3">
        <PersonAvatar name={person.name} avatarUrl={person.avatarUrl} size="md" />
        <div className="min-w-0">
          <p className="text-xs font-medium text-slate-600 uppercase dark:text-slate-400">
            {viewer === 'student' ? 'Tutor' : 'Student'}
          </p>
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            <span data-testid="lesson-person">{person.name}</span>
            {lesson.isTrial && <TrialTag />}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <Fact label="Subject">{lesson.subject}</Fact>
        <Fact label="Date">{longDate(lesson.startTime, zone)}</Fact>
        <Fact label="Time">{lessonTimes(lesson.startTime, lesson.durationMinutes, zone)}</Fact>
        {lesson.movedFrom && (
          <Fact label="Moved from">
            {longDate(lesson.movedFrom, zone)} ·{' '}
            {lessonTimes(lesson.movedFrom, lesson.durationMinutes, zone)}
          </Fact>
        )}
        <Fact label="Duration">{M.lessonMinutes(lesson.durationMinutes)}</Fact>
        <Fact label="Timezone">{zoneLabel(zone, lesson.startTime)}</Fact>
        {meetingUrl && (
          <Fact label="Meeting link">
            <a
              href={meetingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="break-all text-indigo-700 underline hover:no-underline dark:text-indigo-300"
            >
              {meetingUrl}
            </a>
          </Fact>
        )}
        {!lesson.meetingUrl && (
          <Fact label="Classroom">
            <Link
              to={classroomPath(lesson.id)}
              className="text-indigo-700 underline hover:no-underline dark:text-indigo-300"
            >
              {M.openClassroom}
            </Link>
          </Fact>
        )}
        <Fact label="Status">
          <LessonStatusBadge status={lesson.status} />
        </Fact>
      </dl>
      <MoveRequestPanel lesson={lesson} viewer={viewer} zone={zone} onDone={onMoveDone} />
      <LessonNotes lesson={lesson} viewer={viewer} />
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd data-testid={`lesson-${label.toLowerCase().replace(' ', '-')}`}>{children}</dd>
    </>
  );
}
