import type { Role } from '../../../domain/accounts/account-rules';
import { MIN_BOOKING_NOTICE_MINUTES } from '../../../domain/booking/booking-rules';
import { PACKAGE_LIMITS } from '../../../domain/booking/packages';
import { LESSON_MINUTES } from '../../../domain/scheduling/slot-length';

// The Help Center's answers, per role. Each says what the app does today (checked against the
// code, not hoped for): change an answer when the behaviour it describes changes.

export interface HelpAnswer {
  id: string;
  question: string;
  paragraphs: string[];
}

const lengths = `${LESSON_MINUTES.slice(0, -1).join(', ')} or ${LESSON_MINUTES.at(-1)} minutes`;
const notice = `${MIN_BOOKING_NOTICE_MINUTES / 60} hour`;

const rescheduling: HelpAnswer = {
  id: 'reschedule',
  question: 'How do I reschedule a lesson?',
  paragraphs: [
    'Open the lesson from My Schedule and choose Reschedule, then pick another free time. Either the student or the tutor can move a lesson that is pending or scheduled; it keeps its length, and the old time is freed at once.',
    'A lesson that has started, has ended or was canceled keeps its time.',
  ],
};

const cancelling: HelpAnswer = {
  id: 'cancel',
  question: 'Can I cancel a lesson?',
  paragraphs: [
    'There is no cancel button yet. Reschedule the lesson to a time that suits you, or write to us with the form below and we will help.',
  ],
};

const pastLessons: HelpAnswer = {
  id: 'past-lessons',
  question: 'Where do I find my past lessons?',
  paragraphs: [
    'My Lessons lists the lessons that have ended and those that were canceled, newest first. Open one to read its details and notes.',
  ],
};

const STUDENT_ANSWERS: HelpAnswer[] = [
  {
    id: 'book',
    question: 'How do I book a lesson?',
    paragraphs: [
      'Find a tutor under Find Tutors, open their profile and book. Choose a subject, a length (' +
        lengths +
        ") and one of the tutor's free times, shown in your own timezone. Times start at least " +
        notice +
        ' from now.',
      'Once it is confirmed, the lesson appears in My Schedule and you receive an email with a calendar file.',
    ],
  },
  {
    id: 'trial',
    question: 'How does the free trial lesson work?',
    paragraphs: [
      'You can book one free trial lesson with each tutor, without paying. A trial that was canceled does not count.',
    ],
  },
  {
    id: 'payments',
    question: 'How do I pay?',
    paragraphs: [
      'Single lessons and packages are paid by card on a secure checkout page; Tutora never stores your card details. The time you chose is held for you while you pay. If you leave the checkout without paying, nothing is charged and the time is released.',
      'Your payments and receipts are listed under Billing.',
    ],
  },
  {
    id: 'refunds',
    question: 'When do I get a refund?',
    paragraphs: [
      'If your payment arrives after the hold on your time ended and another booking has taken that time meanwhile, the payment is refunded in full automatically and we tell you by email.',
      'For anything else about a payment, write to us with the form below.',
    ],
  },
  {
    id: 'packages',
    question: 'How do lesson packages work?',
    paragraphs: [
      'A package is several lessons of one length with one tutor, bought at once at a discount and valid for a number of days from payment. Its first lesson is booked with the purchase; you schedule the others from the same tutor’s booking screen while the package is valid.',
      'A canceled lesson gives its credit back. Billing shows how many lessons each package has left and when it expires.',
    ],
  },
  rescheduling,
  cancelling,
  {
    id: 'notes',
    question: 'How do lesson notes work?',
    paragraphs: [
      'Open a lesson from My Schedule or My Lessons to write your notes, with formatting and pictures (JPEG, PNG or WebP up to 5 MB). Your tutor can read them; the tutor’s own preparation notes stay private to them.',
    ],
  },
  pastLessons,
];

const TUTOR_ANSWERS: HelpAnswer[] = [
  {
    id: 'profile',
    question: 'When can students find and book me?',
    paragraphs: [
      'There is no approval step: as soon as you submit your completed six-step profile, students find you under Find Tutors and can book the free times of your availability.',
    ],
  },
  {
    id: 'availability',
    question: 'How do I set my availability?',
    paragraphs: [
      'Under My Schedule, choose Set Availability and draw your weekly hours on the calendar, in your own timezone. Students see them in theirs and can book times that start at least ' +
        notice +
        ' ahead. Lessons already booked keep their times when you change your availability.',
    ],
  },
  {
    id: 'bookings',
    question: 'How do I know a student booked a lesson?',
    paragraphs: [
      'You receive an email with a calendar file, and the lesson appears on your Overview and under My Schedule. My Students lists everyone you have lessons with.',
    ],
  },
  {
    id: 'trials',
    question: 'Are trial lessons paid?',
    paragraphs: [
      'No. Each student can book one free trial lesson with you; it is listed in Earnings at no charge.',
    ],
  },
  {
    id: 'earnings',
    question: 'What do Earnings show?',
    paragraphs: [
      'Every lesson that brought money, at its price: a single lesson at what the student paid, a package lesson at its share of the package. Lessons whose payment was refunded do not count. Totals are grouped by month in your timezone, and lessons still to come are shown apart.',
      'Questions about payouts: write to us with the form below.',
    ],
  },
  {
    id: 'own-packages',
    question: 'Can I offer my own packages?',
    paragraphs: [
      `Yes, under Packages: ${PACKAGE_LIMITS.minLessons} to ${PACKAGE_LIMITS.maxLessons} lessons, a discount of up to ${PACKAGE_LIMITS.maxDiscountPercent}%, valid ${PACKAGE_LIMITS.minValidityDays} to ${PACKAGE_LIMITS.maxValidityDays} days. Students are offered them beside the platform’s packages. A retired package is no longer offered; students who bought it keep their lessons.`,
    ],
  },
  rescheduling,
  cancelling,
  {
    id: 'notes',
    question: 'How do lesson notes work?',
    paragraphs: [
      'Open a lesson to write your preparation notes, with formatting and pictures; only you see them. You can also read the notes your student wrote for the lesson.',
    ],
  },
  pastLessons,
];

export const helpAnswersFor = (role: Role) => (role === 'tutor' ? TUTOR_ANSWERS : STUDENT_ANSWERS);

/** The answers whose question or text holds every word of `query` (any case). */
export function matchingAnswers(answers: HelpAnswer[], query: string): HelpAnswer[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return answers;
  return answers.filter((answer) => {
    const text = [answer.question, ...answer.paragraphs].join(' ').toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
