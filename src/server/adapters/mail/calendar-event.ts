// One lesson as an iCalendar file (RFC 5545) that any calendar app imports, and a user's
// lessons as a subscribed feed (calendarFeedFile): one writer for both.
//
// Written by hand (one short file) rather than with the `ics` package: ics 3.12 folds
// lines after 75 characters, not 75 octets, so a line of accented or CJK names breaks the
// limit, and it brings yup, nanoid and runes2 along for a single event.
//
// METHOD:PUBLISH, not REQUEST: REQUEST is a meeting invitation (RFC 5546) that needs ATTENDEE
// lines and makes mail clients offer Accept / Decline replies to an organizer; nothing here
// would read those replies, and the lesson is already booked. PUBLISH says "add this to your
// calendar". A change later is the same UID with a higher SEQUENCE; a cancellation is that
// plus STATUS:CANCELLED (still PUBLISH: CANCEL, too, is an iTIP message to attendees).

export const CALENDAR_FILENAME = 'lesson.ics';
/** The attachment's MIME type; its method matches the file's METHOD, as RFC 6047 asks. */
export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8; method=PUBLISH';

const PRODUCT_ID = '-//Tutora//Lessons//EN';
const MAX_LINE_OCTETS = 75;
const CRLF = '\r\n';
/** Control characters, which TEXT may not hold (RFC 5545 3.3.11), except the tab it allows. */
const CONTROLS_BUT_TAB = /(?!\t)\p{Cc}/gu;

export interface CalendarEvent {
  /** Stable per lesson, so a later file updates the same calendar entry: `lessonEventUid`. */
  uid: string;
  /** 0 for the first file; one more for each change of the lesson (time, cancellation). */
  sequence: number;
  /** When this file was made (DTSTAMP), from the app's clock. */
  stampedAt: Date;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  url: string;
  status: 'CONFIRMED' | 'CANCELLED';
  /** Shown as "organized by"; left out where the address is not for the recipient's eyes. */
  organizer?: { name: string; email: string };
  /** Where it happens: the lesson's video room, when it has one. */
  location?: string;
  /** When the lesson last changed (LAST-MODIFIED), for a feed's readers. */
  lastModified?: Date;
}

/** A subscribed calendar's own properties: its name and the zone its owner reads it in. */
export interface CalendarFeed {
  name: string;
  /** IANA zone (X-WR-TIMEZONE); the events' times stay in UTC, which every app converts. */
  timezone: string;
  /** How often apps should fetch it again. */
  refreshHours: number;
}

export const lessonEventUid = (lessonId: string) => `lesson-${lessonId}@tutora`;

/** The whole file: CRLF line ends, every line folded to at most 75 octets. */
export function calendarFile(event: CalendarEvent): string {
  return calendarOf([], [event]);
}

/**
 * A user's lessons as one calendar that apps subscribe to (webcal): named, with its owner's
 * zone and how often to refresh (RFC 7986, and the X-WR-/X-PUBLISHED-TTL names older apps read).
 */
export function calendarFeedFile(feed: CalendarFeed, events: readonly CalendarEvent[]): string {
  const refresh = `PT${feed.refreshHours}H`;
  return calendarOf(
    [
      `NAME:${escapeText(feed.name)}`,
      `X-WR-CALNAME:${escapeText(feed.name)}`,
      `X-WR-TIMEZONE:${escapeText(feed.timezone)}`,
      `REFRESH-INTERVAL;VALUE=DURATION:${refresh}`,
      `X-PUBLISHED-TTL:${refresh}`,
    ],
    events,
  );
}

function calendarOf(properties: readonly string[], events: readonly CalendarEvent[]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODUCT_ID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...properties,
    ...events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

function eventLines(event: CalendarEvent): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcDateTime(event.stampedAt)}`,
    ...(event.lastModified ? [`LAST-MODIFIED:${utcDateTime(event.lastModified)}`] : []),
    `DTSTART:${utcDateTime(event.startsAt)}`,
    `DTEND:${utcDateTime(event.endsAt)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    `URL:${uriValue(event.url)}`,
    ...(event.organizer
      ? [
          `ORGANIZER;CN=${paramValue(event.organizer.name)}:mailto:${uriValue(event.organizer.email)}`,
        ]
      : []),
    `STATUS:${event.status}`,
    // A canceled lesson no longer makes its owner busy at that time.
    `TRANSP:${event.status === 'CANCELLED' ? 'TRANSPARENT' : 'OPAQUE'}`,
    'END:VEVENT',
  ];
}

/** A UTC DATE-TIME, 'form #2' of RFC 5545 3.3.5: 20260310T140000Z (whole seconds). */
export function utcDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/**
 * A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, any line break as
 * \n. Other control characters are not allowed in TEXT, so they go.
 */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(CONTROLS_BUT_TAB, '');
}

/** A URI value has no escapes of its own: only line breaks and controls must not get in. */
const uriValue = (uri: string) => uri.replace(/\p{Cc}/gu, '');

/**
 * A parameter value, always quoted (a name may hold ',' ';' ':'); a double quote or a line
 * break cannot appear inside quotes, so they take RFC 6868's ^' and ^n (and ^ itself ^^).
 */
function paramValue(value: string): string {
  const encoded = value
    .replace(/\^/g, '^^')
    .replace(/"/g, "^'")
    .replace(/\r\n|\r|\n/g, '^n')
    .replace(CONTROLS_BUT_TAB, '');
  return `"${encoded}"`;
}

/**
 * Folds a content line (RFC 5545 3.1): at most 75 octets of UTF-8 per physical line, the
 * leading space of a continuation counted in, never inside a character's octets.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > MAX_LINE_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(CRLF);
}
