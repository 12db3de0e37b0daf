import { describe, expect, it } from 'vitest';
import type { Lesson } from '../../../contracts/booking.contract';
import { groupLessons } from './lesson-groups';
import { statusLabel } from './lesson-status';
import { localDateKey } from '../../lib/lesson-time';

const lesson = (id: string, startTime: string, status: Lesson['status'] = 'scheduled'): Lesson => ({
  id,
  tutorProfileId: 't',
  tutor: { name: 'Ada Lovelace', avatarUrl: null },
  student: { name: 'Maya Okafor', avatarUrl: null },
  subject: 'Mathematics',
  isTrial: false,
  status,
  startTime,
  endTime: new Date(Date.parse(startTime) + 3_600_000).toISOString(),
  durationMinutes: 50,
  timezone: 'UTC',
  priceCents: 0,
  currency: 'USD',
  meetingUrl: null,
  studentNotes: '',
  tutorPrepNotes: null,
  movedFrom: null,
  moveRequest: null,
});

describe('groupLessons', () => {
  const now = new Date('2026-03-02T10:00:00Z');

  it('puts lessons in progress first, then groups by the viewer’s date in start order', () => {
    const groups = groupLessons(
      [
        lesson('late', '2026-03-02T20:00:00Z'),
        lesson('live', '2026-03-02T09:30:00Z', 'in_progress'),
        lesson('soon', '2026-03-02T12:00:00Z'),
      ],
      'UTC',
      now,
    );
    expect(groups.map((group) => [group.id, group.lessons.map((item) => item.id)])).toEqual([
      ['in_progress', ['live']],
      ['2026-03-02', ['soon', 'late']],
    ]);
    expect(groups[0]!.title).toBe('In Progress');
  });

  it('uses the viewer’s zone for the date: 20:00 UTC is the next day in Tokyo', () => {
    const groups = groupLessons(
      [lesson('a', '2026-03-02T12:00:00Z'), lesson('b', '2026-03-02T20:00:00Z')],
      'Asia/Tokyo',
      now,
    );
    expect(groups.map((group) => group.id)).toEqual(['2026-03-02', '2026-03-03']);
    expect(groups[0]!.title).toMatch(/^Today · /);
    expect(groups[1]!.title).toMatch(/^Tomorrow · /);
    expect(localDateKey('2026-03-02T15:00:00Z', 'Asia/Tokyo')).toBe('2026-03-03');
  });
});

describe('statusLabel', () => {
  it('capitalises each word', () => {
    expect(statusLabel('in_progress')).toBe('In Progress');
    expect(statusLabel('no_show')).toBe('No Show');
    expect(statusLabel('scheduled')).toBe('Scheduled');
  });
});
