import { MapPin } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { TutorCard as TutorCardModel } from '../../../contracts/tutors.contract';
import { formatRate } from '../../../domain/tutors/tutor-card';
import { MESSAGES_PAGE } from '../../../domain/messaging/messaging-page-messages';
import { MessageButton } from '../../components/messaging/message-button';
import { TutorAvatar } from './tutor-avatar';
import { CardRating, ChipsWithMore, VerifiedTick } from './tutor-badges';
import type { ResultsView } from './search-params';
import { paths } from '../../lib/paths';

const linkBase =
  'inline-flex items-center justify-center rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap transition-colors';
const primaryLink = `${linkBase} bg-indigo-600 text-white hover:bg-indigo-700`;
const secondaryLink = `${linkBase} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`;

/** One search result, as a tile (grid) or a row (list). */
export function TutorCard({ tutor, view }: { tutor: TutorCardModel; view: ResultsView }) {
  const headingId = useId();
  const profilePath = paths.tutorProfile(tutor.id);
  const isList = view === 'list';
  return (
    <article
      aria-labelledby={headingId}
      data-testid="tutor-card"
      className={`flex gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900 ${
        isList ? 'flex-col sm:flex-row sm:items-start' : 'flex-col'
      }`}
    >
      <div className="flex min-w-0 flex-1 gap-4">
        <TutorAvatar
          firstName={tutor.firstName}
          lastName={tutor.lastName}
          avatarUrl={tutor.avatarUrl}
        />
        <div className="min-w-0 flex-1 space-y-2">
          <div>
            <h3 id={headingId} className="flex items-center gap-1.5 text-base font-semibold">
              <span className="truncate" data-testid="tutor-name">
                {tutor.name}
              </span>
              {tutor.isVerified && <VerifiedTick />}
            </h3>
            <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
              <CardRating rating={tutor.rating} totalReviews={tutor.totalReviews} />
              {tutor.location && (
                <span className="inline-flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
                  <MapPin aria-hidden className="h-3.5 w-3.5" />
                  {tutor.location}
                </span>
              )}
            </div>
          </div>
          <ChipsWithMore
            label="Subjects"
            tone="subject"
            items={tutor.subjects.map((s) => s.name)}
          />
          <ChipsWithMore
            label="Languages"
            tone="language"
            items={tutor.languages.map((l) => l.name)}
          />
          <p
            className={`text-sm text-slate-600 dark:text-slate-400 ${isList ? 'line-clamp-2' : 'line-clamp-3'}`}
          >
            {tutor.introduction}
          </p>
        </div>
      </div>
      <div
        className={`flex gap-3 ${
          isList
            ? 'items-center justify-between sm:w-44 sm:flex-col sm:items-stretch'
            : 'mt-auto flex-wrap items-center justify-between border-t border-slate-100 pt-3 dark:border-slate-800'
        }`}
      >
        <p className="text-lg font-bold whitespace-nowrap" data-testid="hourly-rate">
          {formatRate(tutor.hourlyRateCents)}
          <span className="text-sm font-normal text-slate-500 dark:text-slate-400"> / hour</span>
        </p>
        <div className={`flex gap-2 ${isList ? 'sm:flex-col' : ''}`}>
          <Link
            to={paths.bookingPlan(tutor.id)}
            className={primaryLink}
            aria-label={`Book ${tutor.name}`}
          >
            Book
          </Link>
          <Link to={profilePath} className={secondaryLink}>
            View Profile
          </Link>
          <MessageButton
            target={{ tutorId: tutor.id }}
            label={MESSAGES_PAGE.messageTutor(tutor.name)}
            className="px-3 py-2"
          />
        </div>
      </div>
    </article>
  );
}
