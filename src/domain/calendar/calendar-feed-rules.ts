// The calendar feed's rules, shared by the server that writes the feed and the screen that
// links it (issue #14, ours: the spec stops at booking).

/** Lessons that ended more than this many days ago leave the feed; every later one is in it. */
export const CALENDAR_FEED_PAST_DAYS = 30;

/** Random bytes in a feed token: 256 bits, far past guessing (at least 128 were asked for). */
export const CALENDAR_FEED_TOKEN_BYTES = 32;

/** A token as issued: the bytes in base64url, without padding (43 characters). */
export const CALENDAR_FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** How often calendar apps are asked to fetch the feed again (RFC 7986 REFRESH-INTERVAL). */
export const CALENDAR_FEED_REFRESH_HOURS = 1;

/**
 * The webcal:// form of a feed's http(s) address: calendar apps open it as a subscription
 * (and fetch it over the address's own scheme), where a browser would download the file.
 */
export const webcalUrlOf = (feedUrl: string) => feedUrl.replace(/^https?:\/\//i, 'webcal://');
