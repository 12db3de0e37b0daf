import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES as M } from '../domain/messages';
import { bookLessonSchema, slotsQuerySchema } from './booking.contract';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('slotsQuerySchema', () => {
  const valid = { viewerZone: 'Asia/Kathmandu', fromDate: '2027-03-28' };
  it('fills the defaults: one week, 50-minute lessons; reads numbers from query text', () => {
    expect(slotsQuerySchema.parse(valid)).toEqual({ ...valid, days: 7, lessonMinutes: 50 });
    expect(slotsQuerySchema.parse({ ...valid, days: '14', lessonMinutes: '25' })).toMatchObject({
      days: 14,
      lessonMinutes: 25,
    });
  });
  it.each([
    [{ viewerZone: 'Mars/Olympus' }, 'Invalid timezone'],
    [{ viewerZone: '' }, 'Please select your timezone'],
    [{ fromDate: '2027-02-29' }, M.invalidDate],
    [{ fromDate: '28/03/2027' }, M.invalidDate],
    [{ days: '0' }, M.invalidRange],
    [{ days: '61' }, M.invalidRange],
    [{ days: '1.5' }, M.invalidRange],
    [{ lessonMinutes: '60' }, M.invalidLessonMinutes],
  ])('refuses %o', (change, message) => {
    expect(firstMessage(slotsQuerySchema.safeParse({ ...valid, ...change }))).toBe(message);
  });
});

describe('bookLessonSchema', () => {
  const valid = {
    tutorProfileId: '6f1c1f9e-6f9f-4c47-9d55-1b7a1c2d3e4f',
    subjectId: 1,
    mode: 'trial',
    bookingDate: '2028-02-29',
    slotLabel: '23:30-00:30',
    viewerZone: 'UTC',
    lessonMinutes: 50,
  };
  it('takes a date and a slot label', () => {
    expect(bookLessonSchema.safeParse(valid).success).toBe(true);
  });
  it.each(['9:00-10:00', '09:00-24:00', '09:00–10:00', '09:00-10:00 ', '09:60-10:00'])(
    'refuses the slot label %s',
    (slotLabel) => {
      const result = bookLessonSchema.safeParse({ ...valid, slotLabel });
      expect(firstMessage(result)).toBe(M.invalidSlotLabel);
    },
  );
});
