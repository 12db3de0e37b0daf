import { z } from 'zod/mini';
import { defineEndpoint, SIGNED_IN_ERRORS } from './endpoint';

// The signed-in user's secret calendar feed (issue #14): whether one is on, a new link (which
// replaces the old one), turning it off, and the feed itself for calendar apps. Only a hash of
// the token is stored, so the link is answered once, when it is made, and never read back.

/** Where the signed-in user's feed is managed; any write may be refused as cross-site. */
const FEED_API = '/api/calendar-feed';
const WRITE_ERRORS = [...SIGNED_IN_ERRORS, 'FORBIDDEN'] as const;

const feedStatus = z.object({
  /** UTC ISO time the current link was made. */
  createdAt: z.string(),
});

export const calendarFeedResponse = z.object({ feed: z.nullable(feedStatus) });

export const newCalendarFeedResponse = z.object({
  feed: feedStatus,
  /** The feed's https (or http) address: what a calendar app's "add by URL" takes. */
  url: z.string(),
  /** The same address as webcal://, which opens the subscription in a calendar app. */
  webcalUrl: z.string(),
});

export const getCalendarFeed = defineEndpoint({
  summary: 'Whether your calendar feed is on, and since when (its link is shown only when made)',
  method: 'GET',
  path: FEED_API,
  errors: SIGNED_IN_ERRORS,
  status: 200,
  response: calendarFeedResponse,
});

export const createCalendarFeed = defineEndpoint({
  summary: 'Make a new secret feed link; any earlier link stops working at once',
  method: 'POST',
  path: FEED_API,
  errors: WRITE_ERRORS,
  status: 201,
  response: newCalendarFeedResponse,
});

export const revokeCalendarFeed = defineEndpoint({
  summary: 'Turn the calendar feed off: its link answers 404 from now on',
  method: 'DELETE',
  path: FEED_API,
  errors: WRITE_ERRORS,
  status: 204,
  response: z.null(),
});

/** The feed (text/calendar, RFC 5545) for calendar apps: no session, the token is the key. */
export const getCalendarFeedFile = defineEndpoint({
  method: 'GET',
  path: '/calendar/:token.ics',
  summary: "A user's lessons as an iCalendar feed (webcal); unknown or revoked links: 404",
  params: z.object({ token: z.string() }),
  status: 200,
  // VALIDATION_FAILED: a NUL character or broken Unicode in the path, as on every route.
  errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
});

export type CalendarFeedStatus = z.infer<typeof calendarFeedResponse>;
export type NewCalendarFeed = z.infer<typeof newCalendarFeedResponse>;
