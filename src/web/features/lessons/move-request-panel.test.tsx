import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MOVE_REQUEST_MESSAGES as R } from '../../../domain/messages';
import { accessibilityViolations } from '../../test/accessibility';
import { bookedLesson } from '../../test/booking-fixtures';
import { serveSignedIn, type ApiRequest } from '../../test/fake-api';
import { signedInStudent } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { LessonDetailDialog } from './lesson-detail-dialog';

// A tutor's request to move a lesson, on the lesson's dialog (ADR 032): the student sees the
// proposed time in their zone and accepts or declines; the tutor sees it wait and withdraws it.

const ZONE = 'Asia/Tokyo';
const requested = bookedLesson({
  moveRequest: {
    state: 'open',
    startTime: '2027-03-10T01:00:00.000Z',
    endTime: '2027-03-10T01:50:00.000Z',
    reason: 'A conference',
    requestedAt: '2027-03-05T09:00:00.000Z',
  },
});

describe('MoveRequestPanel', () => {
  it('shows the student the proposed time in their zone and sends the answer, once', async () => {
    const sent: ApiRequest[] = [];
    serveSignedIn(signedInStudent, {
      'POST /api/lessons/lesson-1/move-request/accept': (request) => {
        sent.push(request);
        return {
          status: 201,
          json: {
            lesson: bookedLesson({
              id: 'lesson-2',
              startTime: '2027-03-10T01:00:00.000Z',
              movedFrom: requested.startTime,
            }),
          },
        };
      },
    });
    const onClose = vi.fn();
    renderInApp(
      <LessonDetailDialog lesson={requested} viewer="student" zone={ZONE} onClose={onClose} />,
    );
    const panel = await screen.findByRole('region', { name: R.pendingTitle });
    expect(within(panel).getByText(R.proposedBy('Ada Tutor'))).toBeTruthy();
    // Wednesday, March 10, 2027 at 10:00 in Tokyo (01:00 UTC).
    expect(within(panel).getByTestId('move-request-time').textContent).toMatch(
      /Wednesday, March 10, 2027 · 10:00\s?AM/,
    );
    expect(within(panel).getByText(R.reason('A conference'))).toBeTruthy();
    // While a request waits, the student answers it rather than moving the lesson elsewhere.
    expect(within(panel).getByRole('button', { name: R.decline })).toBeTruthy();
    expect(await accessibilityViolations()).toEqual([]);

    await userEvent.setup().click(within(panel).getByRole('button', { name: R.accept }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
    expect(await screen.findByText(R.accepted)).toBeTruthy();
  });

  it('shows the tutor the request waiting, with Withdraw and no answer buttons', async () => {
    const sent: ApiRequest[] = [];
    serveSignedIn(signedInStudent, {
      'DELETE /api/lessons/lesson-1/move-request': (request) => {
        sent.push(request);
        return { json: { lesson: bookedLesson() } };
      },
    });
    const onClose = vi.fn();
    renderInApp(
      <LessonDetailDialog lesson={requested} viewer="tutor" zone={ZONE} onClose={onClose} />,
    );
    const panel = await screen.findByRole('region', { name: R.pendingTitle });
    expect(within(panel).getByText(R.waitingForStudent)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: R.accept })).toBeNull();
    // No second proposal while one waits.
    expect(screen.queryByRole('button', { name: R.proposeNewTime })).toBeNull();
    await userEvent.setup().click(within(panel).getByRole('button', { name: R.withdraw }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
  });

  it('tells the student, after a decline, that the lesson stays and may be canceled free', async () => {
    serveSignedIn(signedInStudent, {});
    renderInApp(
      <LessonDetailDialog
        lesson={{ ...requested, moveRequest: { ...requested.moveRequest!, state: 'declined' } }}
        viewer="student"
        zone={ZONE}
        onClose={() => {}}
      />,
    );
    expect(await screen.findByText(R.declinedNote)).toBeTruthy();
    expect(screen.getByText(R.freeCancel)).toBeTruthy();
  });
});
