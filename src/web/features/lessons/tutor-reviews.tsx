import { useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast/headless';
import { replyInputSchema, type LessonReview } from '../../../contracts/reviews.contract';
import { REVIEW_MESSAGES as M } from '../../../domain/messages';
import { REPLY_TEXT_MAX } from '../../../domain/reviews/review-rules';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { CharacterCount } from '../../components/ui/character-count';
import { TextAreaField } from '../../components/ui/text-area-field';
import { messageOf } from '../../lib/api-client';
import { ReviewCard } from './review-card';
import { useReply, useTutorReviews } from './reviews-api';
import { Stars } from '../../components/ui/stars';
import { useAccountZone } from '../../lib/account-zone';
import { shortDate } from '../../lib/lesson-time';

function ReplyForm({ lessonId, onDone }: { lessonId: string; onDone: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const reply = useReply(lessonId);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = replyInputSchema.safeParse({ text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    try {
      await reply.mutateAsync({ text });
      toast.success(M.replySaved);
      onDone();
    } catch (failure) {
      setError(messageOf(failure, M.replyFailed));
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-2 space-y-2">
      <TextAreaField
        label={M.replyLabel}
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={error}
        hint={<CharacterCount used={text.length} max={REPLY_TEXT_MAX} />}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={reply.isPending}>
          {reply.isPending ? M.saving : M.sendReply}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {M.cancel}
        </Button>
      </div>
    </form>
  );
}

function TutorReview({ review }: { review: LessonReview }) {
  const zone = useAccountZone();
  const [replying, setReplying] = useState(false);
  return (
    <li className="space-y-1 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">{review.studentName}</span>
        <time dateTime={review.createdAt} className="text-xs text-slate-600 dark:text-slate-400">
          {shortDate(review.createdAt, zone)}
        </time>
      </div>
      <Stars rating={review.rating} />
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {review.subject} · {shortDate(review.lessonStartTime, zone)}
      </p>
      <p className="text-sm break-words whitespace-pre-line">{review.text}</p>
      {review.reply ? (
        <div className="mt-2 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800">
          <p className="font-medium">{M.tutorReply}</p>
          <p className="break-words whitespace-pre-line">{review.reply.text}</p>
        </div>
      ) : replying ? (
        <ReplyForm lessonId={review.lessonId} onDone={() => setReplying(false)} />
      ) : (
        <Button variant="secondary" className="mt-2" onClick={() => setReplying(true)}>
          {M.reply}
        </Button>
      )}
    </li>
  );
}

/** The tutor overview's reviews from students, newest first, each with its reply or a Reply. */
export function TutorReviews() {
  const reviews = useTutorReviews();
  const all = reviews.data?.pages.flatMap((page) => page.reviews) ?? [];
  return (
    <ReviewCard titleId="tutor-reviews-title" title={M.tutorReviewsTitle}>
      {reviews.isPending && <Spinner label="Loading reviews" />}
      {reviews.isError && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {M.loadFailed}
        </p>
      )}
      {reviews.isSuccess && all.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">{M.noTutorReviews}</p>
      )}
      {all.length > 0 && (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {all.map((review) => (
            <TutorReview key={review.id} review={review} />
          ))}
        </ul>
      )}
      {reviews.hasNextPage && (
        <Button
          variant="secondary"
          className="mt-3"
          disabled={reviews.isFetchingNextPage}
          onClick={() => void reviews.fetchNextPage()}
        >
          {M.showMore}
        </Button>
      )}
    </ReviewCard>
  );
}
