import type { NotificationKind } from '../../../domain/notifications/notification-kinds';
import type { LessonEvent, LessonListener } from '../lessons/lesson-events';
import { notifyLessonBooked, notifyOtherParty } from './notify';

/** What the other party's bell says of each step a party took (a no-show is told by email only). */
const KIND_OF = {
  rescheduled: 'lesson_rescheduled',
  canceled: 'lesson_canceled',
  move_requested: 'move_requested',
  move_withdrawn: 'move_withdrawn',
  move_accepted: 'move_accepted',
  move_declined: 'move_declined',
} as const satisfies Partial<Record<LessonEvent['type'], NotificationKind>>;

/** The bell's part in a lesson's life: a booking tells the tutor, a party's step the other. */
export const ringLessonBell: LessonListener = async (trx, event) => {
  if (event.type === 'booked') return notifyLessonBooked(trx, event.lessonId, event.at);
  if (event.type === 'no_show') return;
  await notifyOtherParty(trx, {
    kind: KIND_OF[event.type],
    lessonId: event.lessonId,
    actorId: event.actorId,
    at: event.at,
  });
};
