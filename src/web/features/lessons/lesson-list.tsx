import { Clock, NotebookPen } from 'lucide-react';
import { useMemo } from 'react';
import type { Lesson } from '../../../contracts/booking.contract';
import { notesPreview } from '../../../domain/booking/lesson-notes';
import { LessonStatusBadge, TrialTag } from './lesson-badges';
import { groupLessons } from './lesson-groups';
import { otherPartyOf, type LessonViewer } from './lesson-status';
import { lessonTimes, shortDateTime } from '../../lib/lesson-time';
import { MOVE_REQUEST_MESSAGES as R } from '../../../domain/messages';
import { JoinLessonLink } from './join-lesson-link';
import { useJoinUrl } from './use-join-url';
import { ownNotesOf } from './lesson-notes';
import { PersonAvatar } from '../../components/ui/person-avatar';

/** Lessons, in progress first, then grouped by the viewer's date; each row opens the lesson's details. */
export function LessonList({
  lessons,
  viewer,
  zone,
  onOpen,
  newestFirst = false,
}: {
  lessons: Lesson[];
  viewer: LessonViewer;
  zone: string;
  onOpen: (lesson: Lesson) => void;
  newestFirst?: boolean;
}) {
  const groups = useMemo(
    () => groupLessons(lessons, zone, new Date(), newestFirst),
    [lessons, zone, newestFirst],
  );
  return (
    <div className="space-y-6" data-testid="lesson-list">
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`lessons-${group.id}`}>
          <h3
            id={`lessons-${group.id}`}
            className="mb-2 text-sm font-semibold text-slate-600 dark:text-slate-300"
          >
            {group.title}
          </h3>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {group.lessons.map((lesson) => (
              <LessonRow
                key={lesson.id}
                lesson={lesson}
                viewer={viewer}
                zone={zone}
                onOpen={() => onOpen(lesson)}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function LessonRow({
  lesson,
  viewer,
  zone,
  onOpen,
}: {
  lesson: Lesson;
  viewer: LessonViewer;
  zone: string;
  onOpen: () => void;
}) {
  const person = otherPartyOf(lesson, viewer);
  const joinUrl = useJoinUrl(lesson);
  const preview = notesPreview(ownNotesOf(lesson, viewer));
  // The row is one button; Join Lesson sits beside it (a link inside a button is not allowed).
  return (
    <li className="flex flex-col gap-2 p-2 sm:flex-row sm:items-center" data-testid="lesson-row">
      <button
        type="button"
        onClick={onOpen}
        aria-haspopup="dialog"
        // Phones: the badge goes under the time, so names and times keep the width.
        className="grid min-w-0 flex-1 grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 rounded-lg p-2 text-left hover:bg-slate-50 sm:grid-cols-[auto_minmax(0,1fr)_auto] dark:hover:bg-slate-800/60"
      >
        <span className="row-span-2 sm:row-span-1">
          <PersonAvatar name={person.name} avatarUrl={person.avatarUrl} />
        </span>
        <span className="min-w-0">
          <span className="flex flex-wrap items-center gap-2">
            <span className="truncate font-semibold">{person.name}</span>
            {lesson.isTrial && <TrialTag />}
          </span>
          <span className="block truncate text-sm text-slate-700 dark:text-slate-300">
            {lesson.subject}
          </span>
          <span className="mt-0.5 flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
            <Clock aria-hidden className="h-3.5 w-3.5 shrink-0" />
            {lessonTimes(lesson.startTime, lesson.durationMinutes, zone)}
          </span>
          {lesson.movedFrom && (
            <span
              className="mt-0.5 block truncate text-xs text-slate-600 dark:text-slate-400"
              data-testid="lesson-moved-from"
            >
              {R.movedFrom(shortDateTime(lesson.movedFrom, zone))}
            </span>
          )}
          {lesson.moveRequest?.state === 'open' && (
            <span
              className="mt-1 inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/70 dark:text-amber-100"
              data-testid="lesson-move-pending"
            >
              {R.pendingTag}
            </span>
          )}
          {preview && (
            <span
              className="mt-0.5 flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400"
              data-testid="lesson-notes-preview"
            >
              <NotebookPen aria-hidden className="h-3.5 w-3.5 shrink-0" />
              <span className="truncate">{preview}</span>
            </span>
          )}
        </span>
        <span className="mt-1.5 justify-self-start sm:mt-0 sm:justify-self-end">
          <LessonStatusBadge status={lesson.status} />
        </span>
      </button>
      {joinUrl && <JoinLessonLink href={joinUrl} className="mx-2 sm:mx-0 sm:mr-2" />}
    </li>
  );
}
