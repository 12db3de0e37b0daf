import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES as M } from '../../../domain/messages';
import { REVIEW_TEXT_MAX } from '../../../domain/reviews/review-rules';
import { signedInStudent } from '../../test/fixtures';
import { serveSignedIn } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { CharacterCount } from '../../components/ui/character-count';
import { ReviewForm } from './review-form';

// The review's character counter is the app's one counter (issue #29): the same format, place
// and look as every other (the booking notes', the bio's, the report's), counting every
// character typed.

describe('the review form’s counter', () => {
  it('counts as every other counter does, and looks the same', async () => {
    serveSignedIn(signedInStudent);
    renderInApp(
      <>
        <ReviewForm lessonId="l1" />
        <div data-testid="reference">
          <CharacterCount used={1} max={9} />
        </div>
      </>,
    );
    const review = screen.getByRole('textbox', { name: M.text });
    const form = within(review.closest('form')!);
    const reference = within(screen.getByTestId('reference')).getByText('1/9');
    const counter = form.getByText(`0/${REVIEW_TEXT_MAX}`);
    expect(counter.tagName).toBe(reference.tagName);
    expect(counter.className).toBe(reference.className);

    // Every character typed counts, spaces too, as in the others.
    await userEvent.setup().type(review, 'Great  ');
    expect(form.getByText(`7/${REVIEW_TEXT_MAX}`).className).toBe(reference.className);
  });
});
