import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  lessonBookedEmails,
  lessonWhen,
  refundEmail,
  type LessonFacts,
  type RefundFacts,
} from './booking-emails';
import type { MailMessage } from './mailer';

// A Tuesday in March 2026: Berlin is on CET (UTC+1), New York already on EDT (UTC-4).
const facts = (overrides: Partial<LessonFacts> = {}): LessonFacts => ({
  publicUrl: 'https://tutora.example.com',
  lessonId: '3f1c2a9e-8d4b-4c7e-9a51-0b6f2d7e4c13',
  tutor: { name: 'Ada Lovelace', email: 'ada@example.com', timezone: 'Europe/Berlin' },
  student: { name: 'Grace Hopper', email: 'grace@example.com', timezone: 'America/New_York' },
  subject: 'English',
  startsAt: new Date('2026-03-10T14:00:00Z'),
  durationMinutes: 50,
  amountCents: 4500,
  currency: 'USD',
  isTrial: false,
  sentAt: new Date('2026-03-01T09:15:42Z'),
  ...overrides,
});

function calendarOf(message: MailMessage) {
  expect(message.attachments).toHaveLength(1);
  const [file] = message.attachments!;
  expect(file!.filename).toBe('lesson.ics');
  expect(file!.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
  const vevent = new ICAL.Component(ICAL.parse(file!.content)).getFirstSubcomponent('vevent')!;
  const time = (name: string) =>
    (vevent.getFirstPropertyValue(name) as ICAL.Time).toJSDate().toISOString();
  return {
    uid: vevent.getFirstPropertyValue('uid'),
    start: time('dtstart'),
    end: time('dtend'),
    stamp: time('dtstamp'),
    summary: vevent.getFirstPropertyValue('summary'),
    url: vevent.getFirstPropertyValue('url'),
    status: vevent.getFirstPropertyValue('status'),
    organizer: vevent.getFirstPropertyValue('organizer'),
  };
}

/** Each of `lines` stands somewhere in the mail's text. */
function expectLines(mail: MailMessage, lines: string[]) {
  for (const line of lines) expect(mail.text).toContain(line);
}

describe('lesson booked emails', () => {
  it('tell the student the lesson on their own clocks, with the price and their schedule', () => {
    const [student] = lessonBookedEmails(facts());
    expect(student.to).toBe('grace@example.com');
    expect(student.subject).toBe('Your English lesson with Ada Lovelace is booked');
    expectLines(student, [
      'Your lesson with Ada Lovelace is booked.',
      'When: Tuesday, March 10, 2026, 10:00 AM – 10:50 AM (America/New_York)',
      'Length: 50 minutes',
      'Subject: English',
      'Amount paid: $45.00',
      'Your lessons: https://tutora.example.com/student/schedule',
    ]);
    expect(student.text).not.toContain('Package');
  });

  it('tell the tutor who booked, on the tutor’s clocks, with the tutor’s schedule', () => {
    const [, tutor] = lessonBookedEmails(facts());
    expect(tutor.to).toBe('ada@example.com');
    expect(tutor.subject).toBe('New lesson booked: Grace Hopper, English');
    expectLines(tutor, [
      'Grace Hopper booked a lesson with you.',
      'When: Tuesday, March 10, 2026, 3:00 PM – 3:50 PM (Europe/Berlin)',
      'Student: Grace Hopper',
      'Amount paid: $45.00',
      'Your lessons: https://tutora.example.com/tutor/schedule',
    ]);
  });

  it('attach the same calendar event to both, in UTC, ending when the lesson ends', () => {
    const [student, tutor] = lessonBookedEmails(facts());
    const forStudent = calendarOf(student);
    const forTutor = calendarOf(tutor);
    expect(forStudent.uid).toBe('lesson-3f1c2a9e-8d4b-4c7e-9a51-0b6f2d7e4c13@tutora');
    expect(forTutor.uid).toBe(forStudent.uid);
    expect(forStudent.start).toBe('2026-03-10T14:00:00.000Z');
    // 50 minutes, not the 60-minute slot it holds.
    expect(forStudent.end).toBe('2026-03-10T14:50:00.000Z');
    expect(forStudent.stamp).toBe('2026-03-01T09:15:42.000Z');
    expect(forStudent.status).toBe('CONFIRMED');
    expect(forStudent.summary).toBe('English lesson with Ada Lovelace');
    expect(forTutor.summary).toBe('English lesson with Grace Hopper');
    expect(forStudent.url).toBe('https://tutora.example.com/student/schedule');
    expect(forTutor.url).toBe('https://tutora.example.com/tutor/schedule');
    // Neither side's address is shown to the other.
    expect(forStudent.organizer).toBeNull();
    expect(student.attachments![0]!.content).not.toContain('ada@example.com');
    expect(tutor.attachments![0]!.content).not.toContain('grace@example.com');
  });

  it('say Free for a trial', () => {
    const [student, tutor] = lessonBookedEmails(facts({ isTrial: true, amountCents: 0 }));
    expect(student.text).toContain('Your free trial lesson with Ada Lovelace is booked.');
    expect(student.text).toContain('Price: Free (trial lesson)');
    expect(tutor.text).toContain('Grace Hopper booked a free trial lesson with you.');
    expect(tutor.text).toContain('Price: Free (trial lesson)');
    expect(student.text).not.toContain('$');
  });

  it('name the package and the lessons left on its first lesson', () => {
    const [student, tutor] = lessonBookedEmails(
      facts({ amountCents: 20_250, packageName: '5 lessons', creditsLeft: 4 }),
    );
    for (const mail of [student, tutor]) {
      expect(mail.text).toContain('Amount paid: $202.50 (the package)');
      expect(mail.text).toContain('Package: 5 lessons (4 lessons left to schedule)');
    }
  });

  it('say a later package lesson was paid from the package', () => {
    const [student, tutor] = lessonBookedEmails(
      facts({ amountCents: 0, packageName: '5 lessons', creditsLeft: 1 }),
    );
    expect(student.text).toContain('Paid from your package');
    expect(student.text).toContain('Package: 5 lessons (1 lesson left to schedule)');
    expect(tutor.text).toContain("Paid from the student's package");
    expect(student.text).not.toContain('Free');
  });

  it('format the amount in the payment currency', () => {
    const [student] = lessonBookedEmails(facts({ amountCents: 123_456, currency: 'EUR' }));
    expect(student.text).toContain('Amount paid: €1,234.56');
  });

  it('keep the subject line on one line and links without a doubled slash', () => {
    const [student] = lessonBookedEmails(
      facts({
        publicUrl: 'https://tutora.example.com/',
        tutor: { name: 'Ada\nLovelace', email: 'ada@example.com', timezone: 'Europe/Berlin' },
      }),
    );
    expect(student.subject).toBe('Your English lesson with Ada Lovelace is booked');
    expect(student.text).toContain('https://tutora.example.com/student/schedule');
  });
});

describe('lessonWhen', () => {
  it('follows daylight saving time in each zone', () => {
    // 29 March 2026, the night Berlin moves to CEST: 01:30 UTC is 3:30 AM there.
    expect(lessonWhen(new Date('2026-03-29T01:30:00Z'), 25, 'Europe/Berlin')).toBe(
      'Sunday, March 29, 2026, 3:30 AM – 3:55 AM (Europe/Berlin)',
    );
  });

  it('tells the end on the next day when the lesson crosses midnight', () => {
    expect(lessonWhen(new Date('2026-03-10T22:30:00Z'), 100, 'UTC')).toBe(
      'Tuesday, March 10, 2026, 10:30 PM – 12:10 AM (UTC)',
    );
  });

  it('falls back to UTC, and says so, for a zone it does not know', () => {
    expect(lessonWhen(new Date('2026-03-10T14:00:00Z'), 50, 'Mars/Olympus')).toBe(
      'Tuesday, March 10, 2026, 2:00 PM – 2:50 PM (UTC)',
    );
  });
});

describe('refund email', () => {
  const refund = (overrides: Partial<RefundFacts> = {}): RefundFacts => ({
    ...facts(),
    reason: 'The time you chose was booked by someone else before your payment arrived.',
    ...overrides,
  });

  it('tells the student what was refunded, why, when they see it, and where', () => {
    const mail = refundEmail(refund());
    expect(mail.to).toBe('grace@example.com');
    expect(mail.subject).toBe('Your payment of $45.00 was refunded');
    expectLines(mail, [
      'We refunded your payment of $45.00 in full.',
      'Why: The time you chose was booked by someone else before your payment arrived.',
      'What it was for: English lesson with Ada Lovelace on Tuesday, March 10, 2026, 10:00 AM – 10:50 AM (America/New_York)',
      '5–10',
      'business days',
      'Your payments: https://tutora.example.com/student/billing',
    ]);
    expect(mail.attachments).toBeUndefined();
  });

  it('names the package when a package was bought', () => {
    const mail = refundEmail(refund({ amountCents: 20_250, packageName: '5 lessons' }));
    expect(mail.subject).toBe('Your payment of $202.50 was refunded');
    expect(mail.text).toContain('What it was for: the package "5 lessons" with Ada Lovelace');
  });
});
