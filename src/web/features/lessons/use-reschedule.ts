import { useState } from 'react';
import type { Lesson } from '../../../contracts/booking.contract';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { ApiError, messageOf } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { defaultDay, weekStart } from '../../components/slot-picker/booking-week';
import { localDateKey } from '../../lib/lesson-time';
import { useRescheduleLesson, useRescheduleSlots } from './reschedule-api';
import { useProposeMove } from './move-request-api';
import { MOVE_REQUEST_MESSAGES as R } from '../../../domain/messages';
import type { LessonViewer } from './lesson-status';

interface RescheduleChoice {
  /** Weeks after today's: 0 is the first, and the strip never goes before it. */
  weekOffset: number;
  /** null: the default day, decided when the week's slots arrive (as in the booking modal). */
  date: string | null;
  /** The chosen slot's UTC start. */
  slotStart: string | null;
  reason: string;
}

const FRESH: RescheduleChoice = { weekOffset: 0, date: null, slotStart: null, reason: '' };

/**
 * The reschedule step of the lesson detail dialog: the week shown, the chosen day and time,
 * the reason, and the move itself. `active` is false while the dialog shows the details (no
 * slots are asked for then); `start` begins afresh each time the step opens.
 */
export function useReschedule({
  lesson,
  viewer,
  zone,
  active,
  onMoved,
}: {
  lesson: Lesson | null;
  /** A student moves the lesson; a tutor proposes the time (the student accepts: ADR 032). */
  viewer: LessonViewer;
  zone: string;
  active: boolean;
  onMoved: () => void;
}) {
  const [choice, setChoice] = useState(FRESH);
  // Fixed when the step opens: "today" must not move under the viewer's hands.
  const [now, setNow] = useState(() => Date.now());
  const today = localDateKey(now, zone);
  const fromDate = weekStart(today, choice.weekOffset);
  const slots = useRescheduleSlots(active && lesson ? lesson.id : null, fromDate, zone);
  const moveNow = useRescheduleLesson();
  const propose = useProposeMove();
  const move = viewer === 'tutor' ? propose : moveNow;

  // The lesson's own start is offered (its time counts as free) but is no new time.
  const week =
    slots.data?.days.map((day) => ({
      ...day,
      slots: day.slots.filter((slot) => slot.startTime !== lesson?.startTime),
    })) ?? null;
  const date = choice.date ?? (week ? defaultDay(week, today) : null);
  const daySlots = week?.find((day) => day.dateStr === date)?.slots ?? [];
  const slot = daySlots.find((candidate) => candidate.startTime === choice.slotStart) ?? null;

  const start = () => {
    setChoice(FRESH);
    setNow(Date.now());
    move.reset();
  };
  const submit = () => {
    if (!lesson || !date || !slot) return;
    const body = { bookingDate: date, slotLabel: slot.slotLabel, viewerZone: zone };
    move.mutate(
      { lessonId: lesson.id, body: { ...body, reason: choice.reason } },
      {
        onSuccess: () => {
          notify.success(viewer === 'tutor' ? R.requestSent : M.rescheduled);
          onMoved();
        },
        onError: (error) => {
          notify.error(messageOf(error, viewer === 'tutor' ? R.requestFailed : M.rescheduleFailed));
          // Taken meanwhile: drop the time and show what is free now.
          if (error instanceof ApiError && error.message === M.slotUnavailable) {
            setChoice((current) => ({ ...current, slotStart: null }));
            void slots.refetch();
          }
        },
      },
    );
  };

  return {
    today,
    fromDate,
    week,
    date,
    daySlots,
    slot,
    reason: choice.reason,
    slotsState: slots.isPending
      ? ({ status: 'loading' } as const)
      : slots.isError
        ? ({ status: 'error' } as const)
        : ({ status: 'ready', slots: daySlots } as const),
    canGoBack: choice.weekOffset > 0,
    busy: move.isPending,
    start,
    submit,
    retry: () => void slots.refetch(),
    pageWeek: (step: 1 | -1) =>
      setChoice((current) => {
        const weekOffset = Math.max(0, current.weekOffset + step);
        return weekOffset === current.weekOffset
          ? current
          : { ...current, weekOffset, date: null, slotStart: null };
      }),
    selectDate: (value: string) => {
      if (value !== date) setChoice((current) => ({ ...current, date: value, slotStart: null }));
    },
    selectTime: (slotStart: string) => setChoice((current) => ({ ...current, slotStart })),
    setReason: (reason: string) => setChoice((current) => ({ ...current, reason })),
  };
}

export type RescheduleStep = ReturnType<typeof useReschedule>;
