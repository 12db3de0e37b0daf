import { useState } from 'react';
import type { LessonReview, ReviewPrompt } from '../../../contracts/reviews.contract';
import { REVIEW_MESSAGES as M } from '../../../domain/messages';
import { Button } from '../../components/ui/button';
import { ReviewCard } from './review-card';
import { ReviewForm } from './review-form';
import { useMyReviews } from './reviews-api';
import { Stars } from '../../components/ui/stars';
import { useAccountZone } from '../../lib/account-zone';
import { shortDate } from '../../lib/lesson-time';

function PromptCard({ prompt }: { prompt: ReviewPrompt }) {
  const zone = useAccountZone();
  return (
    <ReviewCard
      titleId={`review-prompt-${prompt.lessonId}`}
      title={M.prompt(prompt.tutorName)}
      facts={`${prompt.subject} · ${shortDate(prompt.startTime, zone)}`}
    >
      <ReviewForm lessonId={prompt.lessonId} />
    </ReviewCard>
  );
}

function EditableReview({ review }: { review: LessonReview }) {
  const zone = useAccountZone();
  const [editing, setEditing] = useState(false);
  return (
    <ReviewCard
      titleId={`my-review-${review.id}`}
      title={M.yourReview(review.tutorName)}
      facts={`${review.subject} · ${shortDate(review.lessonStartTime, zone)} · ${M.editableUntil(shortDate(review.editableUntil, zone))}`}
    >
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
    </ReviewCard>
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
