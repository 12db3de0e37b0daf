import { Flag } from 'lucide-react';
import { useState } from 'react';
import type { TutorProfileResponse } from '../../../contracts/tutors.contract';
import {
  DISCOVERY_MESSAGES as M,
  REPORT_MESSAGES,
  REVIEW_MESSAGES,
} from '../../../domain/messages';
import { REVIEWS_SHOWN_FIRST } from '../../../domain/tutors/tutor-card';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useAllReviews } from './discovery-api';
import { ProfileSection } from '../../components/tutor-profile/profile-section';
import { Stars } from '../../components/ui/stars';
import { useAccountZone } from '../../lib/account-zone';
import { shortDate } from '../../lib/lesson-time';

type Review = TutorProfileResponse['reviews'][number];

function ReviewItem({ review, onReport }: { review: Review; onReport: () => void }) {
  const zone = useAccountZone();
  return (
    <li className="space-y-1 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">{review.studentName}</span>
        <span className="flex items-center gap-2">
          <time dateTime={review.createdAt} className="text-xs text-slate-500 dark:text-slate-400">
            {shortDate(review.createdAt, zone)}
          </time>
          {/* Anyone but its author may report a review (issue #15). */}
          {!review.isMine && (
            <button
              type="button"
              onClick={onReport}
              aria-label={REPORT_MESSAGES.reportReviewLabel(review.studentName)}
              className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
            >
              <Flag aria-hidden className="h-3.5 w-3.5" />
              {REPORT_MESSAGES.reportReview}
            </button>
          )}
        </span>
      </div>
      <Stars rating={review.rating} />
      <p className="text-sm break-words whitespace-pre-line text-slate-700 dark:text-slate-300">
        {review.comment}
      </p>
      {review.reply && (
        <div className="mt-2 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800">
          <p className="font-medium">{REVIEW_MESSAGES.tutorReply}</p>
          <p className="break-words whitespace-pre-line text-slate-700 dark:text-slate-300">
            {review.reply.text}
          </p>
        </div>
      )}
    </li>
  );
}

/** Reviews: the first 3, then all of them on request (Show All Reviews (N)), a page at a time. */
export function ReviewsSection({
  tutor,
  onReportReview,
}: {
  tutor: TutorProfileResponse;
  /** Opens the report dialog on a review. */
  onReportReview: (reviewId: string) => void;
}) {
  const [showAll, setShowAll] = useState(false);
  const all = useAllReviews(tutor.id, showAll);
  const reviews =
    showAll && all.data
      ? all.data.pages.flatMap((page) => page.reviews)
      : tutor.reviews.slice(0, REVIEWS_SHOWN_FIRST);
  return (
    <ProfileSection title="Reviews">
      {reviews.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{M.noReviewsList}</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label="Reviews">
          {reviews.map((review) => (
            <ReviewItem
              key={review.id}
              review={review}
              onReport={() => onReportReview(review.id)}
            />
          ))}
        </ul>
      )}
      {showAll && (all.isPending || all.isFetchingNextPage) && <Spinner label="Loading reviews" />}
      {showAll && all.isError && (
        <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
          {M.reviewsFailed}
        </p>
      )}
      {showAll && all.hasNextPage && !all.isFetchingNextPage && (
        <Button variant="secondary" className="mt-3" onClick={() => void all.fetchNextPage()}>
          {M.showMoreReviews}
        </Button>
      )}
      {!showAll && tutor.totalReviews > REVIEWS_SHOWN_FIRST && (
        <Button variant="secondary" className="mt-3" onClick={() => setShowAll(true)}>
          {M.showAllReviews(tutor.totalReviews)}
        </Button>
      )}
    </ProfileSection>
  );
}
