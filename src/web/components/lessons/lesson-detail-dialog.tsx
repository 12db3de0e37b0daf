import type { ReactNode } from 'react';
import type { Lesson } from '../../../contracts/booking.contract';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { LessonStatusBadge, TrialTag } from './lesson-badges';
import { joinUrlOf, otherPartyOf, safeMeetingUrl, type LessonViewer } from './lesson-status';
import { longDate, lessonTimes, zoneLabel } from '../../lib/lesson-time';
import { JoinLessonLink } from './join-lesson-link';
import { PersonAvatar } from './person-avatar';

/**
 * Spec 3 'Lesson detail dialog', in the viewer's zone. Notes and Reschedule arrive with their
 * own calls; until then they are left out rather than shown as buttons that do nothing.
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
  const joinUrl = lesson && joinUrlOf(lesson);
  return (
    <Dialog
      open={lesson !== null}
      onClose={onClose}
      title={M.lessonDetails}
      closeLabel={M.closeLessonDetails}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {joinUrl && <JoinLessonLink href={joinUrl} />}
        </>
      }
    >
      {lesson && <LessonFacts lesson={lesson} viewer={viewer} zone={zone} />}
    </Dialog>
  );
}

function LessonFacts({
  lesson,
  viewer,
  zone,
}: {
  lesson: Lesson;
  viewer: LessonViewer;
  zone: string;
}) {
  const person = otherPartyOf(lesson, viewer);
  const meetingUrl = safeMeetingUrl(lesson.meetingUrl);
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
        <Fact label="Status">
          <LessonStatusBadge status={lesson.status} />
        </Fact>
      </dl>
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
