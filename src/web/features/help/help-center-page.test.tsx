import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGE_MIN } from '../../../contracts/help.contract';
import { ACCOUNT_MESSAGES, HELP_MESSAGES as M } from '../../../domain/messages';
import { signedInStudent } from '../../test/fixtures';
import { apiError, serveSignedIn, type ApiRequest } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { HelpCenterPage } from './help-center-page';

const QUESTION = 'Can my lesson on Saturday start an hour later?';

describe('HelpCenterPage', () => {
  it('filters the answers by every word typed and opens one in place', async () => {
    serveSignedIn(signedInStudent);
    renderInApp(<HelpCenterPage role="student" />, { path: '/student/help' });
    const user = userEvent.setup();
    const search = await screen.findByLabelText(M.searchLabel);
    const questions = () =>
      screen
        .getAllByTestId('help-answer')
        .map((answer) => answer.querySelector('summary')!.textContent);
    expect(questions()).toContain('How does the free trial lesson work?');

    await user.type(search, 'PACKAGE credit');
    expect(questions()).toEqual(['How do lesson packages work?']);
    const answer = screen.getByTestId('help-answer');
    await user.click(within(answer).getByText('How do lesson packages work?'));
    expect(answer.hasAttribute('open')).toBe(true);

    await user.clear(search);
    await user.type(search, 'teleport');
    expect(screen.queryAllByTestId('help-answer')).toEqual([]);
    expect(screen.getByText(M.noAnswers('teleport'))).toBeTruthy();
  });

  it("a tutor reads the tutors' answers", async () => {
    serveSignedIn({ ...signedInStudent, role: 'tutor' });
    renderInApp(<HelpCenterPage role="tutor" />, { path: '/tutor/help' });
    expect(await screen.findByText('When can students find and book me?')).toBeTruthy();
    expect(screen.queryByText('How do I book a lesson?')).toBeNull();
  });

  it('says what is missing before sending, then sends and says where the reply goes', async () => {
    const sent: ApiRequest[] = [];
    serveSignedIn(signedInStudent, {
      'POST /api/support/messages': (request) => {
        sent.push(request);
        return { status: 201, json: { replyTo: signedInStudent.email } };
      },
    });
    renderInApp(<HelpCenterPage role="student" />, { path: '/student/help' });
    const user = userEvent.setup();
    expect(await screen.findByText(M.contactIntro(signedInStudent.email))).toBeTruthy();

    await user.click(screen.getByRole('button', { name: M.send }));
    expect(await screen.findByText(M.subjectRequired)).toBeTruthy();
    expect(screen.getByText(M.messageTooShort(SUPPORT_MESSAGE_MIN))).toBeTruthy();
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText(M.subject), 'Lesson time');
    await user.type(screen.getByLabelText(M.message), QUESTION);
    await user.click(screen.getByRole('button', { name: M.send }));
    expect(await screen.findByText(M.sent)).toBeTruthy();
    expect(sent.map((request) => request.body)).toEqual([
      { subject: 'Lesson time', message: QUESTION },
    ]);
    // The form is empty again for another message.
    expect((screen.getByLabelText(M.subject) as HTMLInputElement).value).toBe('');
  });

  it("shows the server's refusal: too many messages, or a field it rejects", async () => {
    let answer = apiError('RATE_LIMITED', ACCOUNT_MESSAGES.tooManyRequests);
    serveSignedIn(signedInStudent, { 'POST /api/support/messages': () => answer });
    renderInApp(<HelpCenterPage role="student" />, { path: '/student/help' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(M.subject), 'Lesson time');
    await user.type(screen.getByLabelText(M.message), QUESTION);
    await user.click(screen.getByRole('button', { name: M.send }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      ACCOUNT_MESSAGES.tooManyRequests,
    );
    expect(screen.queryByText(M.sent)).toBeNull();

    answer = {
      status: 400,
      json: {
        error: {
          code: 'VALIDATION_FAILED',
          message: M.invalidCharacters,
          fields: { message: M.invalidCharacters },
        },
      },
    };
    await user.click(screen.getByRole('button', { name: M.send }));
    await waitFor(() => expect(screen.getAllByText(M.invalidCharacters).length).toBeGreaterThan(0));
    expect(screen.queryByText(ACCOUNT_MESSAGES.tooManyRequests)).toBeNull();
  });
});
