import type { Kysely } from 'kysely';
import type {
  ReviewsResponse,
  TutorCard,
  TutorProfileResponse,
  TutorSearch,
  TutorSearchResponse,
} from '../../../contracts/tutors.contract';
import { BOOKING_MESSAGES } from '../../../domain/messages';
import { nextPageOf, pageWindow, rowsOfPage } from '../../../domain/paging';
import {
  MAX_SUGGESTIONS,
  POPULAR_SEARCHES,
  SEARCH_PAGE_SIZE,
  SEARCH_WINDOW,
  SEARCH_WINDOW_PAGES,
  searchTerms,
} from '../../../domain/tutors/tutor-search';
import { REVIEWS_PAGE_SIZE, REVIEWS_SHOWN_FIRST } from '../../../domain/tutors/tutor-card';
import { avatarUrlOf } from '../../adapters/storage/signed-url';
import type { Clock } from '../../adapters/clock';
import type { DB } from '../../db/types';
import { AppError } from '../../errors';
import { isUuid } from '../../http/is-uuid';
import { completeEndedLessons } from '../lessons/lesson-completion';
import type { AnnouncedCache } from '../../db/announced-cache';
import * as repository from './tutors.repository';

export interface TutorsContext {
  db: Kysely<DB>;
  signingSecret: string;
  clock: Clock;
  /** Listed tutors' profiles kept between requests (ADR 047); without it each view reads. */
  tutorProfiles?: AnnouncedCache<repository.ProfileRow | undefined>;
  /** Pages of search results kept between requests (ADR 047), by their filters. */
  tutorSearches?: AnnouncedCache<SearchPage>;
}

function toCard(ctx: TutorsContext, row: repository.CardRow): TutorCard {
  return {
    id: row.id,
    name: `${row.first_name} ${row.last_name}`,
    firstName: row.first_name,
    lastName: row.last_name,
    avatarUrl: avatarUrlOf(ctx.signingSecret, row.avatar_url, ctx.clock.now()),
    subjects: row.subjects,
    languages: row.languages,
    hourlyRateCents: row.hourly_rate_cents,
    rating: row.average_rating === null ? null : Number(row.average_rating),
    totalReviews: row.review_count,
    lessonsCompleted: row.lessons_taught,
    introduction: row.bio,
    isVerified: row.is_verified,
    location: row.country_of_residence,
    teachingStyle: row.teaching_style,
    specializations: row.specializations,
    teachingExperience: row.teaching_experience,
  };
}

/** A page of search results as read: the cards' rows in the page's order. */
export interface SearchPage {
  rows: repository.CardRow[];
  total: number;
  totalIsLowerBound: boolean;
  page: number;
  totalPages: number;
}

export async function searchTutors(
  ctx: TutorsContext,
  filters: TutorSearch,
): Promise<TutorSearchResponse> {
  const read = () => searchPage(ctx, filters);
  // The filters as parsed (keys in the schema's order) name the page.
  const found = ctx.tutorSearches
    ? await ctx.tutorSearches.get(JSON.stringify(filters), read)
    : await read();
  const { rows, ...counts } = found;
  // Photo URLs are signed per request: a kept page's would expire.
  return { tutors: rows.map((row) => toCard(ctx, row)), ...counts, pageSize: SEARCH_PAGE_SIZE };
}

async function searchPage(ctx: TutorsContext, filters: TutorSearch): Promise<SearchPage> {
  const terms = searchTerms(filters.q);
  // Text with no word in it ('%', '--'), a word nothing starts with or resembles, or unknown
  // chips: nobody matches.
  const words =
    filters.q && terms.length === 0 ? null : await repository.wordsQuery(ctx.db, filters, terms);
  // Pages stop at the window's last (ADR 042): a page past it shows that one, as does a page
  // past the last of fewer matches (an old link, fewer tutors since).
  const asked = { ...filters, page: Math.min(filters.page, SEARCH_WINDOW_PAGES) };
  const found =
    words === null
      ? { ids: [], matches: 0 }
      : await repository.searchTutorIds(ctx.db, asked, words);
  const { matches } = found;
  let { ids } = found;
  const total = Math.min(matches, SEARCH_WINDOW);
  const { page } = pageWindow(asked.page, total, SEARCH_PAGE_SIZE);
  if (page !== asked.page && words !== null)
    ({ ids } = await repository.searchTutorIds(ctx.db, { ...filters, page }, words));
  const rows = ids.length > 0 ? await repository.cardsOf(ctx.db, ids) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    // In the page's order; a tutor deleted since the ids were read is left out.
    rows: ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [row] : [];
    }),
    total,
    // More than the window match: the total is the window, and the screen says "1000+".
    totalIsLowerBound: matches > SEARCH_WINDOW,
    page,
    // Pages of results: none when nobody matches (unlike pageWindow's one empty page).
    totalPages: Math.ceil(total / SEARCH_PAGE_SIZE),
  };
}

/**
 * Up to 8 suggestions that find someone: subjects some tutor teaches, then tutor names; for an
 * empty box, the popular searches some tutor teaches.
 */
export async function suggestions(ctx: TutorsContext, q: string): Promise<string[]> {
  const text = q.trim();
  if (!text) {
    const taught = await repository.taught(ctx.db, POPULAR_SEARCHES);
    return POPULAR_SEARCHES.filter((name) => taught.has(name));
  }
  const found = await repository.suggest(ctx.db, text, MAX_SUGGESTIONS);
  return [...new Set(found)].slice(0, MAX_SUGGESTIONS);
}

/**
 * A tutor's profile page as `viewerId` sees it (null: as nobody's, for the admin); only a
 * listed tutor's (ADR 020) unless `listedOnly` is false (the admin's approval queue shows any
 * profile the same way).
 */
export async function tutorProfile(
  ctx: TutorsContext,
  id: string,
  viewerId: string | null,
  { listedOnly = true } = {},
): Promise<TutorProfileResponse> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', BOOKING_MESSAGES.tutorNotFound);
  const read = async () => {
    // Lessons taught counts completed lessons: complete the tutor's ended ones first (ADR 019).
    await completeEndedLessons(ctx.db, ctx.clock.now(), { tutorProfileId: id });
    return repository.findTutorProfile(ctx.db, id, {
      listedOnly,
      reviewsShown: REVIEWS_SHOWN_FIRST,
    });
  };
  // Only what students see is kept: the admin's approval queue reads unlisted profiles too.
  const row =
    listedOnly && ctx.tutorProfiles ? await ctx.tutorProfiles.get(id, read) : await read();
  if (!row) throw new AppError('NOT_FOUND', BOOKING_MESSAGES.tutorNotFound);
  const { certificates, availability: slots } = row;
  return {
    ...toCard(ctx, row),
    userId: row.user_id,
    bio: row.bio,
    education: {
      level: row.education_level,
      title: row.education_title,
      university: row.university,
      yearOfGraduation: row.year_of_graduation,
    },
    certificates: certificates.map((c) => ({
      name: c.name,
      issuedBy: c.issued_by,
      year: c.year,
      url: c.url,
    })),
    lessonSpecialties: row.lesson_specialties,
    videoUrl: row.video_url,
    availability: {
      timezone: row.timezone,
      slots: slots.map((s) => ({
        dayOfWeek: s.local_day_of_week,
        startTime: s.local_start_time,
        endTime: s.local_end_time,
      })),
    },
    reviews: toReviews(row.reviews, viewerId),
  };
}

function toReviews(rows: repository.ReviewRow[], viewerId: string | null) {
  return rows.map((r) => ({
    id: r.id,
    rating: r.rating,
    comment: r.comment,
    // First name and initial: enough to be personal without exposing the full name.
    studentName: `${r.first_name} ${r.last_name.charAt(0)}.`,
    createdAt: r.created_at.toISOString(),
    // The viewer's own review: the page offers no Report on it.
    isMine: r.student_id === viewerId,
    reply:
      r.reply === null || r.replied_at === null
        ? null
        : { text: r.reply, createdAt: r.replied_at.toISOString() },
  }));
}

/** One page of a tutor's reviews (Show All Reviews). */
export async function reviewsPage(
  ctx: TutorsContext,
  id: string,
  viewerId: string | null,
  page: number,
): Promise<ReviewsResponse> {
  const total = isUuid(id) ? await repository.reviewCountOf(ctx.db, id) : undefined;
  if (total === undefined) throw new AppError('NOT_FOUND', BOOKING_MESSAGES.tutorNotFound);
  const { limit, offset } = rowsOfPage(page, REVIEWS_PAGE_SIZE);
  const reviews = toReviews(await repository.reviewsOf(ctx.db, id, limit, offset), viewerId);
  return { reviews, total, nextPage: nextPageOf(page, REVIEWS_PAGE_SIZE, total) };
}
