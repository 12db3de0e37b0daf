import { describe, expect, it } from 'vitest';
import { canJoinLesson, lessonRoomUrl, nextJoinChange } from './classroom';

const START = new Date('2026-03-10T15:00:00Z');
const END = new Date('2026-03-10T15:50:00Z');
const lesson = { status: 'scheduled', startTime: START.toISOString(), endTime: END.toISOString() };
const at = (msFromStart: number) => new Date(START.getTime() + msFromStart);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

describe('the join window', () => {
  it('opens exactly 10 minutes before the start', () => {
    // A second before the 10-minute mark (10:01 before the start): not yet.
    expect(canJoinLesson(lesson, at(-10 * MINUTE - SECOND))).toBe(false);
    expect(canJoinLesson(lesson, at(-10 * MINUTE - 1))).toBe(false);
    expect(canJoinLesson(lesson, at(-10 * MINUTE))).toBe(true);
    expect(canJoinLesson(lesson, at(-9 * MINUTE - 59 * SECOND))).toBe(true);
  });

  it('stays open while the lesson is in progress and closes 15 minutes after its end', () => {
    const closes = END.getTime() + 15 * MINUTE;
    expect(canJoinLesson({ ...lesson, status: 'in_progress' }, at(20 * MINUTE))).toBe(true);
    expect(canJoinLesson(lesson, END)).toBe(true);
    expect(canJoinLesson({ ...lesson, status: 'completed' }, END)).toBe(true);
    expect(canJoinLesson(lesson, new Date(closes - 1))).toBe(true);
    expect(canJoinLesson(lesson, new Date(closes))).toBe(false);
    expect(canJoinLesson({ ...lesson, status: 'completed' }, new Date(closes))).toBe(false);
  });

  it('puts the lesson in the built-in classroom unless it has an external room', () => {
    const publicUrl = 'https://tutora.example.com';
    expect(lessonRoomUrl({ id: 'abc', meetingUrl: null }, publicUrl)).toBe(
      'https://tutora.example.com/lessons/abc/classroom',
    );
    expect(lessonRoomUrl({ id: 'abc', meetingUrl: 'https://meet.example/x' }, publicUrl)).toBe(
      'https://meet.example/x',
    );
  });

  it('never opens for a lesson that does not take place', () => {
    for (const status of ['canceled', 'no_show', 'awaiting_payment', 'expired'])
      expect(canJoinLesson({ ...lesson, status }, at(0))).toBe(false);
    expect(canJoinLesson({ ...lesson, status: 'pending' }, at(0))).toBe(true);
  });

  it('names the next moment the answer changes', () => {
    expect(nextJoinChange(lesson, at(-DAY))).toEqual(at(-10 * MINUTE));
    expect(nextJoinChange(lesson, at(-10 * MINUTE))).toEqual(new Date(END.getTime() + 15 * MINUTE));
    expect(nextJoinChange(lesson, new Date(END.getTime() + 15 * MINUTE))).toBeUndefined();
  });
});
