import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox';
import { lessonBookedEmails, refundEmail, type LessonFacts } from './booking-emails';
import { smtpMailer, type Mailer } from './mailer';

// The booking mail through real SMTP (nodemailer -> smtp-server -> mailparser): the .ics
// attachment arrives whole and still says when the lesson starts.

const facts: LessonFacts = {
  publicUrl: 'https://tutora.example.com',
  lessonId: '3f1c2a9e-8d4b-4c7e-9a51-0b6f2d7e4c13',
  tutor: { name: 'Jürgen Müller 東京', email: 'jurgen@example.com', timezone: 'Asia/Tokyo' },
  student: { name: 'Zoë Ångström', email: 'zoe@example.com', timezone: 'America/Sao_Paulo' },
  subject: 'German',
  startsAt: new Date('2026-03-10T14:00:00Z'),
  durationMinutes: 100,
  amountCents: 9000,
  currency: 'USD',
  isTrial: false,
  sentAt: new Date('2026-03-01T09:15:42Z'),
};

describe('booking mail over SMTP', () => {
  let inbox: SmtpInbox;
  let mailer: Mailer;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    mailer = smtpMailer(inbox.url, 'Tutora <no-reply@tutora.test>');
  });
  afterAll(async () => {
    mailer.close?.();
    await inbox.close();
  });

  it('delivers each side its lesson.ics, and the file reads back to the lesson time', async () => {
    for (const message of lessonBookedEmails(facts)) await mailer.send(message);

    const student = await inbox.waitFor('zoe@example.com');
    const tutor = await inbox.waitFor('jurgen@example.com');
    expect(student.subject).toBe('Your German lesson with Jürgen Müller 東京 is booked');
    expect(student.text).toContain(
      'When: Tuesday, March 10, 2026, 11:00 AM – 12:40 PM (America/Sao_Paulo)',
    );
    expect(tutor.text).toContain('When: Tuesday, March 10, 2026, 11:00 PM – 12:40 AM (Asia/Tokyo)');

    for (const mail of [student, tutor]) {
      expect(mail.attachments).toHaveLength(1);
      const [ics] = mail.attachments;
      expect(ics!.filename).toBe('lesson.ics');
      expect(ics!.contentType).toBe('text/calendar');
      expect(ics!.content).toContain('\r\nDTSTART:20260310T140000Z\r\n');
      const vevent = new ICAL.Component(ICAL.parse(ics!.content)).getFirstSubcomponent('vevent')!;
      const start = vevent.getFirstPropertyValue('dtstart') as ICAL.Time;
      expect(start.toJSDate().getTime()).toBe(facts.startsAt.getTime());
      const end = vevent.getFirstPropertyValue('dtend') as ICAL.Time;
      expect(end.toJSDate().toISOString()).toBe('2026-03-10T15:40:00.000Z');
    }
    const studentEvent = new ICAL.Component(ICAL.parse(student.attachments[0]!.content));
    expect(studentEvent.getFirstSubcomponent('vevent')!.getFirstPropertyValue('summary')).toBe(
      'German lesson with Jürgen Müller 東京',
    );
  });

  it('delivers the refund notice without an attachment', async () => {
    const before = inbox.countTo('zoe@example.com');
    await mailer.send(
      refundEmail({
        ...facts,
        reason: 'The time you chose was booked by someone else before your payment arrived.',
      }),
    );
    const mail = await inbox.waitFor('zoe@example.com', { afterCount: before });
    expect(mail.subject).toBe('Your payment of $90.00 was refunded');
    expect(mail.text).toContain('5–10');
    expect(mail.attachments).toEqual([]);
  });
});
