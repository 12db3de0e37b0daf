import { lesson, type SlotsResponse } from '../../contracts/booking.contract';
import { packageOffer } from '../../contracts/packages.contract';
import { paymentView, studentPackageView } from '../../contracts/payments.contract';
import { tutorProfileResponse } from '../../contracts/tutors.contract';
import type { PendingBooking } from '../features/booking/pending-booking';
import { signedInStudent } from './fixtures';

// What the booking and payment endpoints answer, parsed through their contracts, for the
// component tests of the booking modal and the payment pages (one tutor, one student).

export const TUTOR_ID = '6f1c1f9e-6f9f-4c47-9d55-1b7a1c2d3e4f';

export const tutor = tutorProfileResponse.parse({
  id: TUTOR_ID,
  name: 'Ada Tutor',
  firstName: 'Ada',
  lastName: 'Tutor',
  avatarUrl: null,
  subjects: [
    { id: 1, name: 'Mathematics', level: 'Advanced' },
    { id: 2, name: 'Physics', level: 'Intermediate' },
  ],
  languages: [{ name: 'English', level: 'Native' }],
  hourlyRateCents: 4000,
  rating: null,
  totalReviews: 0,
  lessonsCompleted: 0,
  introduction: 'Maths made clear.',
  isVerified: true,
  location: 'Lisbon',
  teachingStyle: 'Patient',
  specializations: [],
  teachingExperience: 5,
  bio: 'Ten years of algebra.',
  education: {
    level: 'Master',
    title: 'Mathematics',
    university: 'Lisbon',
    yearOfGraduation: 2015,
  },
  certificates: [],
  lessonSpecialties: [],
  videoUrl: '',
  availability: {
    timezone: 'UTC',
    slots: [{ dayOfWeek: 1, startTime: '15:00', endTime: '17:00' }],
  },
  reviews: [],
  userId: 'tutor-user-1',
});

/** The same tutor teaching one subject, which the modal then chooses by itself. */
export const oneSubjectTutor = tutorProfileResponse.parse({
  ...tutor,
  subjects: [tutor.subjects[0]],
});

/** A tutor who has set no weekly hours: nothing is ever bookable. */
export const tutorWithoutAvailability = tutorProfileResponse.parse({
  ...oneSubjectTutor,
  availability: { timezone: 'UTC', slots: [] },
});

export const offer = (fields: Partial<ReturnType<typeof packageOffer.parse>> = {}) =>
  packageOffer.parse({
    id: 'platform_1',
    name: 'Starter 5',
    isPlatformPackage: true,
    subjectId: null,
    numberOfLessons: 5,
    discountPercentage: 10,
    validityDays: 90,
    description: 'Five lessons to get going.',
    lessonMinutes: 50,
    totalPriceCents: 15000,
    currency: 'USD',
    ...fields,
  });

export const boughtPackage = (fields: Partial<ReturnType<typeof studentPackageView.parse>> = {}) =>
  studentPackageView.parse({
    id: 'student-package-1',
    name: 'Starter 5',
    tutorProfileId: TUTOR_ID,
    tutorName: 'Ada Tutor',
    subjectId: 2,
    subject: 'Physics',
    lessonMinutes: 25,
    numberOfLessons: 5,
    lessonsLeft: 3,
    status: 'active',
    expiresAt: '2027-03-12T12:00:00.000Z',
    ...fields,
  });

export const bookedLesson = (fields: Partial<ReturnType<typeof lesson.parse>> = {}) =>
  lesson.parse({
    id: 'lesson-1',
    tutorProfileId: TUTOR_ID,
    tutor: { name: 'Ada Tutor', avatarUrl: null },
    student: { name: 'Sam Student', avatarUrl: null },
    subject: 'Mathematics',
    isTrial: false,
    status: 'scheduled',
    startTime: '2027-03-09T15:00:00.000Z',
    endTime: '2027-03-09T16:00:00.000Z',
    durationMinutes: 50,
    timezone: 'UTC',
    priceCents: 3333,
    currency: 'USD',
    meetingUrl: null,
    studentNotes: '',
    tutorPrepNotes: null,
    movedFrom: null,
    moveRequest: null,
    ...fields,
  });

export const payment = (fields: Partial<ReturnType<typeof paymentView.parse>> = {}) =>
  paymentView.parse({
    id: 'payment-1',
    kind: 'single',
    status: 'pending',
    description: 'Single lesson with Ada Tutor',
    tutorName: 'Ada Tutor',
    amountCents: 3333,
    refundedCents: 0,
    currency: 'USD',
    receiptUrl: null,
    refundReason: null,
    createdAt: '2027-03-08T12:00:00.000Z',
    completedAt: null,
    holdExpiresAt: '2027-03-08T12:15:00.000Z',
    ...fields,
  });

/** The modal opens on Monday 8 March 2027 at noon, in UTC (the component tests' zone). */
export const MODAL_NOW = new Date('2027-03-08T12:00:00Z');
const WEEK = ['08', '09', '10', '11', '12', '13', '14'].map((day) => `2027-03-${day}`);

/** The week as the slots endpoint answers it; `open` days get an afternoon slot at 15:00. */
export const slotsWeek = (open: string[] = []): SlotsResponse => ({
  tutorTimezone: 'UTC',
  days: WEEK.map((date, index) => ({
    dateStr: date,
    localDow: (index + 1) % 7,
    slots: open.includes(date)
      ? [
          {
            startTime: `${date}T15:00:00.000Z`,
            endTime: `${date}T16:00:00.000Z`,
            slotLabel: '15:00-16:00',
            period: 'afternoon' as const,
          },
        ]
      : [],
  })),
});

/** A single lesson chosen in the modal, as the checkout and the pages after it read it back. */
export const pendingSingle: PendingBooking = {
  studentId: signedInStudent.id,
  tutorProfileId: TUTOR_ID,
  tutorName: 'Ada Tutor',
  subjectId: 1,
  subjectName: 'Mathematics',
  bookingMode: 'single',
  isTrial: false,
  bookingDate: '2027-03-09',
  slotLabel: '15:00-16:00',
  viewerZone: 'UTC',
  lessonMinutes: 50,
  startTime: '2027-03-09T15:00:00.000Z',
  endTime: '2027-03-09T16:00:00.000Z',
  notes: '',
  price: 3333,
  currency: 'USD',
};
