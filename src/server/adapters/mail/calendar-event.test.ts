import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  calendarFeedFile,
  calendarFile,
  escapeText,
  foldLine,
  lessonEventUid,
  utcDateTime,
  type CalendarEvent,
} from './calendar-event';

const event = (overrides: Partial<CalendarEvent> = {}): CalendarEvent => ({
  uid: lessonEventUid('3f1c2a9e-8d4b-4c7e-9a51-0b6f2d7e4c13'),
  sequence: 0,
  stampedAt: new Date('2026-03-01T09:15:42.123Z'),
  startsAt: new Date('2026-03-10T14:00:00Z'),
  endsAt: new Date('2026-03-10T14:50:00Z'),
  summary: 'English lesson with Ada Lovelace',
  description: 'Tutora lesson, 50 minutes.',
  url: 'https://tutora.example.com/student/schedule',
  status: 'CONFIRMED',
  ...overrides,
});

const physicalLines = (file: string) => file.split('\r\n').slice(0, -1);
const octets = (text: string) => Buffer.byteLength(text, 'utf8');
/** RFC 5545 3.1 unfolding: a line break followed by one space or tab disappears. */
const unfold = (file: string) => file.replace(/\r\n[ \t]/g, '');

/** Mozilla's parser (Thunderbird's): an independent reader of what we write. */
function parsedEvent(file: string) {
  const vevent = new ICAL.Component(ICAL.parse(file)).getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return vevent;
}

describe('the lesson calendar file', () => {
  it('is one VEVENT in a PUBLISH calendar, with CRLF line ends only', () => {
    const file = calendarFile(event());
    expect(file.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(file.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = physicalLines(unfold(file));
    expect(lines).toContain('METHOD:PUBLISH');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines).toContain('UID:lesson-3f1c2a9e-8d4b-4c7e-9a51-0b6f2d7e4c13@tutora');
    expect(lines).toContain('SEQUENCE:0');
    expect(lines).toContain('STATUS:CONFIRMED');
    expect(lines).toContain('URL:https://tutora.example.com/student/schedule');
  });

  it('gives times in UTC form, whole seconds, whatever the zone they were made in', () => {
    expect(utcDateTime(new Date('2026-03-01T09:15:42.123Z'))).toBe('20260301T091542Z');
    // The same instant written with an offset is the same UTC time.
    expect(utcDateTime(new Date('2026-03-10T15:00:00+01:00'))).toBe('20260310T140000Z');
    const lines = physicalLines(calendarFile(event()));
    expect(lines).toContain('DTSTAMP:20260301T091542Z');
    expect(lines).toContain('DTSTART:20260310T140000Z');
    expect(lines).toContain('DTEND:20260310T145000Z');
    const parsed = parsedEvent(calendarFile(event()));
    const start = parsed.getFirstPropertyValue('dtstart') as ICAL.Time;
    expect(start.zone?.tzid).toBe('UTC');
    expect(start.toJSDate().toISOString()).toBe('2026-03-10T14:00:00.000Z');
  });

  it('escapes backslash, semicolon, comma and line breaks in text, and readers get them back', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    const description = 'Bring: pens, paper; notes\\drafts.\nSecond line\r\nThird';
    const file = calendarFile(event({ description, summary: 'Maths, algebra; level 2' }));
    expect(unfold(file)).toContain(
      'DESCRIPTION:Bring: pens\\, paper\\; notes\\\\drafts.\\nSecond line\\nThird',
    );
    const parsed = parsedEvent(file);
    expect(parsed.getFirstPropertyValue('description')).toBe(
      'Bring: pens, paper; notes\\drafts.\nSecond line\nThird',
    );
    expect(parsed.getFirstPropertyValue('summary')).toBe('Maths, algebra; level 2');
  });

  it('drops control characters that TEXT may not hold', () => {
    expect(escapeText('bell\u0007 tab\tend')).toBe('bell tab\tend');
  });

  it('folds long lines at 75 octets with a leading space, and unfolds to the original', () => {
    const description = 'A long description that goes on well past the seventy-five octets '.repeat(
      4,
    );
    const file = calendarFile(event({ description }));
    for (const line of physicalLines(file)) expect(octets(line)).toBeLessThanOrEqual(75);
    const folded = physicalLines(file).filter((l) => l.startsWith(' '));
    expect(folded.length).toBeGreaterThanOrEqual(3);
    expect(physicalLines(file).find((l) => l.startsWith('DESCRIPTION:'))).toHaveLength(75);
    expect(parsedEvent(file).getFirstPropertyValue('description')).toBe(description);
  });

  it('leaves a line of exactly 75 octets whole and folds the 76th', () => {
    expect(foldLine('X'.repeat(75))).toBe('X'.repeat(75));
    expect(foldLine('X'.repeat(76))).toBe(`${'X'.repeat(75)}\r\n X`);
  });

  it('folds multi-byte names by octets, never inside a character', () => {
    // 2-, 3- and 4-octet characters: ü, 東, 😀.
    const summary =
      'Deutsch mit Jürgen Müller-Lüdenscheidt · 東京の先生と日本語のレッスン 😀😀😀 Ünïcødé';
    const file = calendarFile(event({ summary }));
    const lines = physicalLines(file);
    for (const line of lines) {
      expect(octets(line)).toBeLessThanOrEqual(75);
      // A character cut in two would decode to U+FFFD.
      expect(Buffer.from(line, 'utf8').toString('utf8')).not.toContain('\ufffd');
      expect(line).not.toMatch(/[\ud800-\udbff]$|^ ?[\udc00-\udfff]/);
    }
    expect(lines.filter((l) => l.startsWith(' ')).length).toBeGreaterThanOrEqual(1);
    // 75 characters: a rule that counts characters (as the `ics` package does) keeps it whole.
    expect([...`SUMMARY:${summary}`]).toHaveLength(75);
    expect(octets(`SUMMARY:${summary}`)).toBeGreaterThan(75);
    expect(parsedEvent(file).getFirstPropertyValue('summary')).toBe(summary);
  });

  it('quotes the organizer name and encodes what quotes cannot hold', () => {
    const file = calendarFile(
      event({ organizer: { name: 'Ada "Countess" Lovelace, PhD', email: 'ada@example.com' } }),
    );
    expect(unfold(file)).toContain(
      'ORGANIZER;CN="Ada ^\'Countess^\' Lovelace, PhD":mailto:ada@example.com',
    );
    const organizer = parsedEvent(file).getFirstProperty('organizer');
    expect(organizer?.getFirstValue()).toBe('mailto:ada@example.com');
    expect(organizer?.getParameter('cn')).toBe('Ada "Countess" Lovelace, PhD');
  });

  it('cancels with the same UID, a higher SEQUENCE and STATUS:CANCELLED', () => {
    const confirmed = parsedEvent(calendarFile(event()));
    const cancelled = parsedEvent(calendarFile(event({ sequence: 1, status: 'CANCELLED' })));
    expect(cancelled.getFirstPropertyValue('uid')).toBe(confirmed.getFirstPropertyValue('uid'));
    expect(cancelled.getFirstPropertyValue('sequence')).toBe(1);
    expect(cancelled.getFirstPropertyValue('status')).toBe('CANCELLED');
  });
});

describe('a calendar feed', () => {
  const feed = { name: 'Tutora lessons', timezone: 'Europe/Berlin', refreshHours: 1 };
  const room = 'https://meet.jit.si/tutora-room?lang=en,de';

  it('holds many events, named and in its owner’s zone, refreshed hourly', () => {
    const second = event({
      uid: lessonEventUid('9a0b'),
      startsAt: new Date('2026-03-11T08:00:00Z'),
      endsAt: new Date('2026-03-11T08:25:00Z'),
      status: 'CANCELLED',
    });
    const file = calendarFeedFile(feed, [event(), second]);
    const lines = physicalLines(unfold(file));
    expect(lines.slice(0, 5)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Tutora//Lessons//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
    ]);
    expect(lines).toContain('X-WR-TIMEZONE:Europe/Berlin');
    expect(lines).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');
    const calendar = new ICAL.Component(ICAL.parse(file));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Tutora lessons');
    const events = calendar.getAllSubcomponents('vevent');
    expect(events.map((e) => e.getFirstPropertyValue('uid'))).toEqual([
      lessonEventUid('3f1c2a9e-8d4b-4c7e-9a51-0b6f2d7e4c13'),
      lessonEventUid('9a0b'),
    ]);
    // A canceled lesson frees its time in the owner's calendar.
    expect(events.map((e) => e.getFirstPropertyValue('transp'))).toEqual(['OPAQUE', 'TRANSPARENT']);
    expect(file.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
  });

  it('is an empty calendar when there is nothing to show', () => {
    const calendar = new ICAL.Component(ICAL.parse(calendarFeedFile(feed, [])));
    expect(calendar.getAllSubcomponents('vevent')).toEqual([]);
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Europe/Berlin');
  });

  it('gives the room as LOCATION (its commas escaped) and LAST-MODIFIED in UTC', () => {
    const file = calendarFeedFile(feed, [
      event({ location: room, lastModified: new Date('2026-03-02T10:11:12.900Z') }),
    ]);
    expect(unfold(file)).toContain('LOCATION:https://meet.jit.si/tutora-room?lang=en\\,de');
    const parsed = parsedEvent(file);
    expect(parsed.getFirstPropertyValue('location')).toBe(room);
    expect((parsed.getFirstPropertyValue('last-modified') as ICAL.Time).toString()).toBe(
      '2026-03-02T10:11:12Z',
    );
    // Without them, neither line is written (the booking email's file).
    expect(calendarFile(event())).not.toMatch(/LOCATION|LAST-MODIFIED/);
  });
});
