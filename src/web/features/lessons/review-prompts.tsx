import { useState } from 'react';
import type { LessonReview, ReviewPrompt } from '../../../contracts/reviews.contract';
import { REVIEW_MESSAGES as M } from '../../../domain/messages';
import { Button } from '../../components/ui/button';
import { ReviewForm } from './review-form';
import { useMyReviews } from './reviews-api';
import { reviewDate, Stars } from '../../components/ui/stars';

const card =
  'rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900';

function PromptCard({ prompt }: { prompt: ReviewPrompt }) {
  const titleId = `review-prompt-${prompt.lessonId}`;
  return (
    <section aria-labelledby={titleId} className={card}>
      <h2 id={titleId} className="text-lg font-semibold">
        {M.prompt(prompt.tutorName)}
      </h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        {prompt.subject} · {reviewDate(prompt.startTime)}
      </p>
      <ReviewForm lessonId={prompt.lessonId} />
    </section>
  );
}

function EditableReview({ review }: { review: LessonReview }) {
  const [editing, setEditing] = useState(false);
  const titleId = `my-review-${review.id}`;
  return (
    <section aria-labelledby={titleId} className={card}>
      <h2 id={titleId} className="text-lg font-semibold">
        {M.yourReview(review.tutorName)}
      </h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        {review.subject} · {reviewDate(review.lessonStartTime)} ·{' '}
        {M.editableUntil(reviewDate(review.editableUntil))}
      </p>
      {editing ? (
        <ReviewForm
          lessonId={review.lessonId}
          initial={{ rating: review.rating, text: review.text }}
          onDone={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="space-y-2">
          <Stars rating={review.rating} />
          <p className="text-sm break-words whitespace-pre-line">{review.text}</p>
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {M.edit}
          </Button>
        </div>
      )}
    </section>
  );
}

/** The student overview's reviews: a card per completed lesson to review, then recent reviews. */
export function ReviewPrompts() {
  const { data } = useMyReviews();
  if (!data || (data.prompts.length === 0 && data.editable.length === 0)) return null;
  return (
    <div className="space-y-4">
      {data.prompts.map((prompt) => (
        <PromptCard key={prompt.lessonId} prompt={prompt} />
      ))}
      {data.editable.map((review) => (
        <EditableReview key={review.id} review={review} />
      ))}
    </div>
  );
}
