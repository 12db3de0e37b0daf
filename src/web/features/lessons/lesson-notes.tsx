import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import type { Lesson } from '../../../contracts/booking.contract';
import { saveNotesSchema } from '../../../contracts/booking.contract';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { notify } from '../../lib/notify';
import { NotesView } from '../../components/notes/notes-view';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import type { LessonViewer } from './lesson-status';
import { notesEditable } from '../../../domain/booking/booking-rules';
import { uploadNoteImage, useSaveNotes } from './notes-api';
import { focusOnMount } from '../../lib/focus-on-mount';

// TipTap is big: it loads only when someone edits notes, never with the main bundle.
const NotesEditor = lazy(() => import('../../components/notes/notes-editor'));

/** The viewer's own notes: a student's notes, a tutor's preparation notes (null: none yet). */
export const ownNotesOf = (lesson: Lesson, viewer: LessonViewer) =>
  viewer === 'student' ? lesson.studentNotes : (lesson.tutorPrepNotes ?? '');

/**
 * The notes part of the lesson detail dialog. A student sees and edits 'My notes'; a tutor edits
 * 'Preparation notes' and reads the student's notes. A student never receives the tutor's.
 */
export function LessonNotes({ lesson, viewer }: { lesson: Lesson; viewer: LessonViewer }) {
  return (
    <div className="space-y-5 border-t border-slate-200 pt-4 dark:border-slate-800">
      <OwnNotes
        lesson={lesson}
        title={viewer === 'student' ? M.myNotes : M.prepNotes}
        html={ownNotesOf(lesson, viewer)}
      />
      {viewer === 'tutor' && (
        <NotesSection title={M.studentNotesForTutor} testId="student-notes">
          <NotesView html={lesson.studentNotes} />
        </NotesSection>
      )}
    </div>
  );
}

function NotesSection({
  title,
  testId,
  action,
  children,
}: {
  title: string;
  testId: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid={testId} className="space-y-2">
      <div className="flex min-h-9 items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          {title}
        </h3>
        {action}
      </div>
      {children}
    </section>
  );
}

/**
 * The notes editor's states: open, saving ('Saving...'), then saved (a toast and the updated notes;
 * the dialog stays open) or error (a toast; the editor keeps the text).
 */
function OwnNotes({ lesson, title, html }: { lesson: Lesson; title: string; html: string }) {
  const [editing, setEditing] = useState(false);
  // After Save or Cancel, focus goes back to Edit notes rather than to the page.
  const [cameBack, setCameBack] = useState(false);
  const draft = useRef(html);
  const save = useSaveNotes();

  const open = () => {
    draft.current = html;
    save.reset();
    setEditing(true);
  };
  const leave = () => {
    setCameBack(true);
    setEditing(false);
  };
  const submit = () => {
    const checked = saveNotesSchema.safeParse({ html: draft.current });
    if (!checked.success) return void notify.error(M.notesHtmlTooLong);
    save.mutate(
      { lessonId: lesson.id, html: draft.current },
      {
        onSuccess: () => {
          notify.success(M.notesSaved);
          leave();
        },
        onError: () => notify.error(M.notesFailed),
      },
    );
  };

  const editButton = !editing && notesEditable(lesson.status) && (
    <Button
      variant="secondary"
      className="py-1.5"
      ref={cameBack ? focusOnMount : undefined}
      onClick={open}
    >
      {M.editNotes}
    </Button>
  );
  return (
    <NotesSection title={title} testId="own-notes" action={editButton}>
      {editing ? (
        <>
          <Suspense fallback={<Spinner label={M.loadingEditor} />}>
            <NotesEditor
              initialHtml={html}
              label={title}
              disabled={save.isPending}
              onChange={(value) => (draft.current = value)}
              uploadImage={(file) => uploadNoteImage(lesson.id, file)}
            />
          </Suspense>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" disabled={save.isPending} onClick={leave}>
              {M.cancel}
            </Button>
            <Button disabled={save.isPending} onClick={submit}>
              {save.isPending ? M.saving : M.saveNotes}
            </Button>
          </div>
        </>
      ) : (
        <NotesView html={html} />
      )}
    </NotesSection>
  );
}
