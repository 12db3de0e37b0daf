// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearPendingBooking,
  loadPendingBooking,
  savePendingBooking,
  type PendingBooking,
} from './pending-booking';

const booking: PendingBooking = {
  tutorProfileId: '6f1c1f9e-6f9f-4c47-9d55-1b7a1c2d3e4f',
  subjectId: 1,
  mode: 'trial',
  bookingDate: '2028-02-29',
  slotLabel: '09:00-10:00',
  viewerZone: 'UTC',
  lessonMinutes: 50,
  notes: '',
  studentId: 'student-1',
  tutorName: 'Ada Lovelace',
  subjectName: 'Mathematics',
  startTime: '2028-02-29T09:00:00.000Z',
  endTime: '2028-02-29T10:00:00.000Z',
  price: 0,
};

describe('the pending booking in local storage', () => {
  afterEach(clearPendingBooking);

  it('reads back what it saved, for the student who saved it only', () => {
    savePendingBooking(booking);
    expect(loadPendingBooking('student-1')).toEqual(booking);
    expect(loadPendingBooking('student-2')).toBeNull();
  });

  it('reads a booking saved before the rename, its slot label under slotTime', () => {
    const { slotLabel, ...rest } = booking;
    localStorage.setItem('pendingBooking', JSON.stringify({ ...rest, slotTime: slotLabel }));
    expect(loadPendingBooking('student-1')).toEqual(booking);
  });

  it('forgets a booking it cannot read', () => {
    localStorage.setItem('pendingBooking', '{not json');
    expect(loadPendingBooking('student-1')).toBeNull();
    localStorage.setItem('pendingBooking', JSON.stringify({ ...booking, slotLabel: '9:00' }));
    expect(loadPendingBooking('student-1')).toBeNull();
  });
});
