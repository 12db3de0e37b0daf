// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearPendingBooking,
  loadPendingBooking,
  savePendingBooking,
  toStartCheckoutInput,
  type PendingBooking,
} from './pending-booking';

const trial: PendingBooking = {
  tutorProfileId: '6f1c1f9e-6f9f-4c47-9d55-1b7a1c2d3e4f',
  subjectId: 1,
  bookingMode: 'trial',
  isTrial: true,
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
  currency: 'USD',
};

const packageBooking: PendingBooking = {
  ...trial,
  bookingMode: 'package',
  isTrial: false,
  price: 18000,
  packageId: 'platform_1',
  packageName: 'Starter',
  packageLessons: 5,
  isPlatformPackage: true,
};

describe('the pending booking in local storage', () => {
  afterEach(clearPendingBooking);

  it('reads back what it saved, for the student who saved it only', () => {
    savePendingBooking(trial);
    expect(loadPendingBooking('student-1')).toEqual(trial);
    expect(loadPendingBooking('student-2')).toBeNull();
    savePendingBooking(packageBooking);
    expect(loadPendingBooking('student-1')).toEqual(packageBooking);
  });

  it('reads a trial saved by the earlier release: its mode as `mode`, its slot label as `slotTime`', () => {
    const { slotLabel, bookingMode, isTrial: _isTrial, ...rest } = trial;
    localStorage.setItem(
      'pendingBooking',
      JSON.stringify({ ...rest, mode: bookingMode, slotTime: slotLabel }),
    );
    expect(loadPendingBooking('student-1')).toEqual(trial);
  });

  it('forgets a booking it cannot read, or a package without its package', () => {
    localStorage.setItem('pendingBooking', '{not json');
    expect(loadPendingBooking('student-1')).toBeNull();
    localStorage.setItem('pendingBooking', JSON.stringify({ ...trial, slotLabel: '9:00' }));
    expect(loadPendingBooking('student-1')).toBeNull();
    const { packageId: _packageId, ...noPackage } = packageBooking as Extract<
      PendingBooking,
      { bookingMode: 'package' }
    >;
    localStorage.setItem('pendingBooking', JSON.stringify(noPackage));
    expect(loadPendingBooking('student-1')).toBeNull();
  });

  it('asks the checkout for the slot and the package, never for a price', () => {
    const slot = {
      tutorProfileId: trial.tutorProfileId,
      subjectId: 1,
      bookingDate: '2028-02-29',
      slotLabel: '09:00-10:00',
      viewerZone: 'UTC',
      lessonMinutes: 50,
      notes: '',
    };
    expect(
      toStartCheckoutInput(packageBooking as Extract<PendingBooking, { bookingMode: 'package' }>),
    ).toEqual({ mode: 'package', packageId: 'platform_1', ...slot });
    expect(toStartCheckoutInput({ ...trial, bookingMode: 'single', isTrial: false })).toEqual({
      mode: 'single',
      ...slot,
    });
  });
});
