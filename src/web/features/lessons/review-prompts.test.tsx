import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LessonReview } from '../../../contracts/reviews.contract';
import { REVIEW_MESSAGES as M } from '../../../domain/messages';
import { REPLY_TEXT_MIN, REVIEW_TEXT_MIN } from '../../../domain/reviews/review-rules';
import { signedInStudent } from '../../test/fixtures';
import { serveSignedIn, type ApiRequest } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { ReviewPrompts } from './review-prompts';
import { TutorReviews } from './tutor-reviews';

const TEXT = 'Clear explanations and a good plan.';
const review: LessonReview = {
  id: 'r1',
  lessonId: 'l1',
  rating: 4,
  text: TEXT,
  studentName: 'Maya O.',
  tutorName: 'Clara Whitfield',
  subject: 'Mathematics',
  lessonStartTime: '2026-03-05T10:00:00.000Z',
  createdAt: '2026-03-05T12:00:00.000Z',
  editableUntil: '2026-03-19T12:00:00.000Z',
  reply: null,
};

describe('ReviewPrompts', () => {
  it('says what is missing before sending, then sends the stars and the text (the server trims it)', async () => {
    const sent: ApiRequest[] = [];
    let reviewed = false;
    serveSignedIn(signedInStudent, {
      'GET /api/student/reviews': () => ({
        json: reviewed
          ? { prompts: [], editable: [review] }
          : {
              prompts: [
                {
                  lessonId: 'l1',
                  tutorName: 'Clara Whitfield',
                  subject: 'Mathematics',
                  startTime: review.lessonStartTime,
                },
              ],
              editable: [],
            },
      }),
      'POST /api/lessons/l1/review': (request) => {
        sent.push(request);
        reviewed = true;
        return { status: 201, json: { review } };
      },
    });
    renderInApp(<ReviewPrompts />, { path: '/student/overview' });
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: M.prompt('Clara Whitfield') });

    await user.click(within(card).getByRole('button', { name: M.submit }));
    expect(within(card).getByText(M.ratingRequired)).toBeTruthy();
    expect(within(card).getByText(M.textTooShort(REVIEW_TEXT_MIN))).toBeTruthy();
    expect(sent).toEqual([]);

    await user.click(within(card).getByRole('radio', { name: M.starLabel(4) }));
    await user.type(within(card).getByLabelText(M.text), `  ${TEXT}  `);
    await user.click(within(card).getByRole('button', { name: M.submit }));
    const mine = await screen.findByRole('region', { name: M.yourReview('Clara Whitfield') });
    expect(sent.map((request) => request.body)).toEqual([{ rating: 4, text: `  ${TEXT}  ` }]);
    expect(within(mine).getByText(TEXT)).toBeTruthy();
    expect(within(mine).getByRole('button', { name: M.edit })).toBeTruthy();
    expect(screen.queryByRole('region', { name: M.prompt('Clara Whitfield') })).toBeNull();
  });
});

describe('TutorReviews', () => {
  it('lets the tutor reply once: the reply replaces the Reply button', async () => {
    let replied: string | undefined;
    serveSignedIn(
      { ...signedInStudent, role: 'tutor' },
      {
        'GET /api/tutor/reviews': () => ({
          json: {
            reviews: [
              {
                ...review,
                reply: replied ? { text: replied, createdAt: review.createdAt } : null,
              },
            ],
            total: 1,
            nextPage: null,
          },
        }),
        'POST /api/lessons/l1/review/reply': (request) => {
          replied = (request.body as { text: string }).text;
          return { status: 201, json: { review } };
        },
      },
    );
    renderInApp(<TutorReviews />, { path: '/tutor/overview' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: M.reply }));
    await user.click(screen.getByRole('button', { name: M.sendReply }));
    expect(screen.getByText(M.textTooShort(REPLY_TEXT_MIN))).toBeTruthy();
    await user.type(screen.getByLabelText(M.replyLabel), 'Thank you, Maya!');
    await user.click(screen.getByRole('button', { name: M.sendReply }));
    expect(await screen.findByText('Thank you, Maya!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: M.reply })).toBeNull();
  });
});
