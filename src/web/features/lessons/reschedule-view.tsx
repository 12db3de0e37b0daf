import { useEffect, useId, useRef } from 'react';
import type { Lesson } from '../../../contracts/booking.contract';
import { MAX_RESCHEDULE_REASON_LENGTH } from '../../../domain/booking/booking-rules';
import { BOOKING_MESSAGES as M, MOVE_REQUEST_MESSAGES as R } from '../../../domain/messages';
import { lessonTimes, longDate, zoneLabel } from '../../lib/lesson-time';
import { TimeSlots } from '../../components/slot-picker/time-slots';
import { WeekStrip } from '../../components/slot-picker/week-strip';
import { Banner } from '../../components/ui/banner';
import { otherPartyOf, type LessonViewer } from './lesson-status';
import type { RescheduleStep } from './use-reschedule';

/**
 * The reschedule step's body: the lesson's current time, a warning when it was booked in
 * another zone than the viewer's, the week strip and the day's free times in the
 * viewer's zone, and an optional reason. Focus lands here when the step opens.
 */
export function RescheduleView({
  lesson,
  viewer,
  zone,
  step,
}: {
  lesson: Lesson;
  viewer: LessonViewer;
  zone: string;
  step: RescheduleStep;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const headingId = useId();
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="space-y-5 outline-none" data-testid="reschedule-view">
      <div
        className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-800/60"
        data-testid="reschedule-current"
      >
        <p className="text-xs font-medium text-slate-600 uppercase dark:text-slate-400">
          {M.currentTime}
        </p>
        <p className="mt-1 font-semibold">
          {longDate(lesson.startTime, zone)} ·{' '}
          {lessonTimes(lesson.startTime, lesson.durationMinutes, zone)}
        </p>
        <p className="text-slate-700 dark:text-slate-300">
          {lesson.subject} · {otherPartyOf(lesson, viewer).name}
        </p>
      </div>
      {viewer === 'tutor' && (
        <p className="text-sm text-slate-700 dark:text-slate-300">{R.tutorsAsk}</p>
      )}
      {zone !== lesson.timezone && (
        <Banner kind="warning" dismissible={false}>
          {M.zoneDiffers(lesson.timezone)}
        </Banner>
      )}
      <section aria-labelledby={headingId} className="space-y-4">
        <div>
          <h3 id={headingId} className="text-sm font-semibold">
            {M.newTime}
          </h3>
          <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="reschedule-zone">
            {M.timesInZone(zoneLabel(zone))}
          </p>
        </div>
        <WeekStrip
          from={step.fromDate}
          today={step.today}
          selected={step.date}
          counts={step.week && new Map(step.week.map((day) => [day.dateStr, day.slots.length]))}
          canGoBack={step.canGoBack}
          onWeek={step.pageWeek}
          onSelect={step.selectDate}
        />
        <TimeSlots
          state={step.slotsState}
          zone={zone}
          selected={step.slot?.startTime ?? null}
          onSelect={step.selectTime}
          onRetry={step.retry}
        />
      </section>
      <ReasonField value={step.reason} onChange={step.setReason} />
    </div>
  );
}

function ReasonField({ value, onChange }: { value: string; onChange: (reason: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {M.rescheduleReason}
      </label>
      <textarea
        id={id}
        rows={2}
        maxLength={MAX_RESCHEDULE_REASON_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="block w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
      />
    </div>
  );
}
