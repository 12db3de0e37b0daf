import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES as M, TUTOR_PROFILE_MESSAGES } from '../../../domain/messages';
import { bookedLesson } from '../../test/booking-fixtures';
import { apiError, gate, serveApi, type Reply } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import type { LessonViewer } from './lesson-status';
import { LessonNotes } from './lesson-notes';
import { useUpcomingLessons } from './upcoming-lessons-api';

const booked = bookedLesson({ studentNotes: '<p>Quadratic equations, please</p>' });

/** The notes as the lesson dialog shows them: of the lesson in the upcoming list. */
function NotesOfFirstLesson({ viewer }: { viewer: LessonViewer }) {
  const lessons = useUpcomingLessons(7);
  const first = lessons.data?.[0];
  return first ? <LessonNotes lesson={first} viewer={viewer} /> : null;
}

/** The lessons API for one lesson; saving notes stores them once `saving` (if any) opens. */
function serveLessons({
  failSave = false,
  saving,
  imageUpload = apiError('INTERNAL', 'Something went wrong'),
  lesson = booked,
}: {
  lesson?: typeof booked;
  failSave?: boolean;
  saving?: Promise<void>;
  /** The server's answer to a picture for the notes. */
  imageUpload?: Reply;
}) {
  let current = lesson;
  return serveApi({
    'GET /api/auth/session': { json: { user: null } },
    'POST /api/lessons/lesson-1/notes/images': imageUpload,
    'GET /api/lessons/upcoming': () => ({ json: { lessons: [current] } }),
    'PUT /api/lessons/lesson-1/notes': async ({ body }) => {
      await saving;
      if (failSave) return apiError('INTERNAL', 'Something went wrong');
      current = { ...current, studentNotes: (body as { html: string }).html };
      return { json: { lesson: current } };
    },
  });
}

describe('LessonNotes', () => {
  it('offers no Edit notes on a canceled lesson, and still shows its notes', async () => {
    serveLessons({ lesson: { ...booked, status: 'canceled' } });
    renderInApp(<NotesOfFirstLesson viewer="student" />);
    const own = await screen.findByTestId('own-notes');
    expect(within(own).getByText('Quadratic equations, please')).toBeTruthy();
    expect(within(own).queryByRole('button', { name: M.editNotes })).toBeNull();
  });

  it('shows a tutor the student’s notes read-only and their own preparation notes to edit', async () => {
    serveLessons({});
    renderInApp(<NotesOfFirstLesson viewer="tutor" />);
    const studentNotes = await screen.findByTestId('student-notes');
    expect(within(studentNotes).getByRole('heading').textContent).toBe(M.studentNotesForTutor);
    expect(within(studentNotes).getByText('Quadratic equations, please')).toBeTruthy();
    expect(within(studentNotes).queryByRole('button')).toBeNull();

    const own = screen.getByTestId('own-notes');
    expect(within(own).getByRole('heading').textContent).toBe(M.prepNotes);
    expect(within(own).getByText(M.noNotes)).toBeTruthy();
    expect(within(own).getByRole('button', { name: M.editNotes })).toBeTruthy();
  });

  it('lets a student edit and save their notes: Saving..., then the saved notes and a toast', async () => {
    const user = userEvent.setup();
    const server = gate();
    const api = serveLessons({ saving: server.opened });
    renderInApp(<NotesOfFirstLesson viewer="student" />);
    const own = await screen.findByTestId('own-notes');
    expect(within(own).getByRole('heading').textContent).toBe(M.myNotes);
    expect(screen.queryByTestId('student-notes')).toBeNull();

    await user.click(within(own).getByRole('button', { name: M.editNotes }));
    // The editor's code loads on demand, as in the browser.
    const editor = await within(own).findByRole(
      'textbox',
      { name: M.myNotes },
      { timeout: 10_000 },
    );
    await user.click(editor);
    await user.keyboard(' and graphs');
    await user.click(within(own).getByRole('button', { name: M.saveNotes }));

    // Held by the server: the editor waits, with Save showing its progress.
    const saving = await within(own).findByRole('button', { name: M.saving });
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    const sent = api.requests.find((request) => request.method === 'PUT');
    expect(sent?.body).toEqual({ html: '<p>Quadratic equations, please and graphs</p>' });

    server.open();
    expect(await screen.findByText(M.notesSaved)).toBeTruthy();
    await waitFor(() => expect(within(own).queryByRole('textbox')).toBeNull());
    expect(within(own).getByText('Quadratic equations, please and graphs')).toBeTruthy();
    expect(within(own).getByRole('button', { name: M.editNotes })).toBeTruthy();
  });

  it('keeps the editor and the text when saving fails, and says so', async () => {
    const user = userEvent.setup();
    serveLessons({ failSave: true });
    renderInApp(<NotesOfFirstLesson viewer="student" />);
    const own = await screen.findByTestId('own-notes');
    await user.click(within(own).getByRole('button', { name: M.editNotes }));
    await within(own).findByRole('textbox', { name: M.myNotes }, { timeout: 10_000 });
    await user.click(within(own).getByRole('button', { name: M.saveNotes }));

    expect(await screen.findByText(M.notesFailed)).toBeTruthy();
    const editor = within(own).getByRole('textbox', { name: M.myNotes });
    expect(editor.textContent).toBe('Quadratic equations, please');
    expect(within(own).getByRole('button', { name: M.saveNotes })).toBeTruthy();
  });

  it('says what is wrong with a picture it cannot add: its type, its size or the server’s reason', async () => {
    // Like a person who picks "All files" in the file dialog: the input's accept list is a hint.
    const user = userEvent.setup({ applyAccept: false });
    const tooManyPixels = TUTOR_PROFILE_MESSAGES.imageTooManyPixels;
    serveLessons({ imageUpload: apiError('PAYLOAD_TOO_LARGE', tooManyPixels) });
    renderInApp(<NotesOfFirstLesson viewer="student" />);
    const own = await screen.findByTestId('own-notes');
    await user.click(within(own).getByRole('button', { name: M.editNotes }));
    await within(own).findByRole('textbox', { name: M.myNotes }, { timeout: 10_000 });
    const picture = within(own).getByLabelText(M.notesTools.image, { selector: 'input' });
    const expectRefusal = async (file: File, reason: string) => {
      await user.upload(picture, file);
      await waitFor(() =>
        expect(within(own).getByRole('alert').textContent).toBe(
          `${M.imageUploadFailed}: ${reason}`,
        ),
      );
    };

    const gif = new File(['GIF89a'], 'funny.gif', { type: 'image/gif' });
    await expectRefusal(gif, TUTOR_PROFILE_MESSAGES.imageTypeInvalid);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await expectRefusal(big, TUTOR_PROFILE_MESSAGES.imageTooLarge);
    const huge = new File(['a picture of many pixels'], 'huge.png', { type: 'image/png' });
    await expectRefusal(huge, tooManyPixels);
  });
});
