import { describe, expect, it } from 'vitest';
import {
  lessonReminderEmail,
  lessonRescheduledEmail,
  type ClassroomFacts,
} from './lesson-reminder-emails';

// A Tuesday in March 2026: New York already on EDT (UTC-4).
const facts = (overrides: Partial<ClassroomFacts> = {}): ClassroomFacts => ({
  publicUrl: 'https://tutora.example.com/',
  lessonId: '3f1c2a9e-8d4b-4c7e-9a51-0b6f2d7e4c13',
  recipient: { name: 'Grace Hopper', email: 'grace@example.com', timezone: 'America/New_York' },
  recipientRole: 'student',
  otherName: 'Ada\nLovelace',
  subject: 'English',
  startsAt: new Date('2026-03-10T14:00:00Z'),
  durationMinutes: 50,
  meetingUrl: 'https://meet.jit.si/tutora-0123456789abcdef0123456789abcdef',
  sentAt: new Date('2026-03-09T14:00:00Z'),
  ...overrides,
});

describe('lesson reminder and move emails', () => {
  it('remind one party on their own clocks, with the room and the lesson .ics', () => {
    const mail = lessonReminderEmail(facts(), 'day');
    expect(mail.to).toBe('grace@example.com');
    // A name with a line break stays on the subject's one line.
    expect(mail.subject).toBe('Reminder: your English lesson with Ada Lovelace starts in 24 hours');
    expect(mail.text).toContain(
      'When: Tuesday, March 10, 2026, 10:00 AM – 10:50 AM (America/New_York)',
    );
    expect(mail.text).toContain(
      'Join the lesson: https://meet.jit.si/tutora-0123456789abcdef0123456789abcdef',
    );
    expect(mail.text).toContain('Your lessons: https://tutora.example.com/student/schedule');
    expect(mail.attachments?.[0]?.content).toContain('DTSTART:20260310T140000Z');
  });

  it('leave the join line out for a lesson without a room', () => {
    const mail = lessonReminderEmail(facts({ meetingUrl: null }), 'hour');
    expect(mail.subject).toContain('starts in 1 hour');
    expect(mail.text).not.toContain('Join the lesson');
  });

  it('tell the other party who moved the lesson, from when to when, and why', () => {
    const mail = lessonRescheduledEmail({
      ...facts({ recipientRole: 'tutor', otherName: 'Grace Hopper' }),
      recipient: { name: 'Ada', email: 'ada@example.com', timezone: 'Europe/Berlin' },
      previousStartsAt: new Date('2026-03-09T14:00:00Z'),
      reason: 'A school trip',
    });
    expect(mail.subject).toBe('Grace Hopper rescheduled your English lesson');
    expect(mail.text).toContain('Was: Monday, March 9, 2026, 3:00 PM – 3:50 PM (Europe/Berlin)');
    expect(mail.text).toContain('Now: Tuesday, March 10, 2026, 3:00 PM – 3:50 PM (Europe/Berlin)');
    expect(mail.text).toContain('Reason: A school trip');
    expect(mail.text).toContain('Your lessons: https://tutora.example.com/tutor/schedule');
  });
});
