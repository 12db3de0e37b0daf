import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  CalendarFeedStatus,
  NewCalendarFeed,
} from '../../../contracts/calendar-feed.contract';
import {
  CALENDAR_FEED_PAST_DAYS,
  CALENDAR_FEED_REFRESH_HOURS,
  CALENDAR_FEED_TOKEN_BYTES,
  CALENDAR_FEED_TOKEN_PATTERN,
  webcalUrlOf,
} from '../../../domain/calendar/calendar-feed-rules';
import { CALENDAR_FEED_MESSAGES as M } from '../../../domain/messages';
import { MS_PER_DAY } from '../../../domain/scheduling/local-date';
import type { Clock } from '../../adapters/clock';
import { calendarFeedFile } from '../../adapters/mail/calendar-event';
import type { DB } from '../../db/types';
import { AppError } from '../../errors';
import * as repository from './calendar-feed.repository';
import { lessonFeedEvent } from './feed-events';

// A user's secret calendar feed: made (or made anew, which retires the old link), turned off,
// and read by calendar apps with nothing but the token. The token is a bearer secret: only its
// SHA-256 is stored, so it is answered once, when made.

export interface CalendarFeedContext {
  db: Kysely<DB>;
  clock: Clock;
  /** The app's public URL (PUBLIC_URL): feed links and the events' links are absolute. */
  publicUrl: string;
}

export async function feedStatus(
  ctx: CalendarFeedContext,
  userId: string,
): Promise<CalendarFeedStatus> {
  const feed = await repository.activeFeedOf(ctx.db, userId);
  return { feed: feed ? { createdAt: feed.created_at.toISOString() } : null };
}

/** A new feed link for the user; the one before it (if any) stops answering at once. */
export async function createFeed(
  ctx: CalendarFeedContext,
  userId: string,
): Promise<NewCalendarFeed> {
  const token = randomBytes(CALENDAR_FEED_TOKEN_BYTES).toString('base64url');
  const feed = await repository.replaceFeed(ctx.db, userId, hashOf(token), ctx.clock.now());
  const url = `${ctx.publicUrl.replace(/\/+$/, '')}/calendar/${token}.ics`;
  return { feed: { createdAt: feed.created_at.toISOString() }, url, webcalUrl: webcalUrlOf(url) };
}

/** Turns the user's feed off; turning off a feed that is off already changes nothing. */
export async function revokeFeed(ctx: CalendarFeedContext, userId: string): Promise<void> {
  await repository.revokeFeeds(ctx.db, userId, ctx.clock.now());
}

/** The feed a token opens, as an iCalendar file; an unknown or revoked token: not found. */
export async function feedFile(ctx: CalendarFeedContext, token: string): Promise<string> {
  const owner = CALENDAR_FEED_TOKEN_PATTERN.test(token)
    ? await repository.feedOwner(ctx.db, hashOf(token))
    : undefined;
  // An admin has no lessons, so no feed (a student or tutor promoted since loses theirs).
  if (!owner || owner.role === 'admin') throw new AppError('NOT_FOUND', M.feedNotFound);
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - CALENDAR_FEED_PAST_DAYS * MS_PER_DAY);
  const party =
    owner.role === 'student'
      ? { studentId: owner.id }
      : owner.tutor_profile_id && { tutorProfileId: owner.tutor_profile_id };
  // A tutor still completing the profile has no lessons yet: an empty calendar.
  const rows = party ? await repository.feedLessons(ctx.db, party, since) : [];
  const timezone = owner.timezone ?? 'UTC';
  const reader = { role: owner.role, timezone, publicUrl: ctx.publicUrl, now };
  return calendarFeedFile(
    { name: M.calendarName, timezone, refreshHours: CALENDAR_FEED_REFRESH_HOURS },
    rows.map((row) => lessonFeedEvent(row, reader)),
  );
}

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
