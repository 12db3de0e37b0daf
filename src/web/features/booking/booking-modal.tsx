import { useReducer, useState } from 'react';
import type { TutorProfileResponse } from '../../../contracts/tutors.contract';
import { BOOKING_WEEK_DAYS, TRIAL_PRICE_CENTS } from '../../../domain/booking/booking-rules';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { browserTimeZone } from '../../components/availability/timezone-select';
import { useIsMobile } from '../../components/availability/use-media-query';
import { Banner } from '../../components/ui/banner';
import { Dialog } from '../../components/ui/dialog';
import { useSession } from '../../lib/session';
import { useSlots, useTrialEligibility } from './booking-api';
import {
  MODE_TITLES,
  durationChoices,
  modeChoices,
  modePrice,
  singlePrice,
} from './booking-choices';
import { BookingFooter } from './booking-footer';
import { bookingReducer, effectiveMode, initialChoice, isBookable } from './booking-state';
import { defaultDay, weekStart } from '../../components/booking/booking-week';
import { localDateKey } from '../../lib/lesson-time';
import { ChoiceGroup } from './choice-group';
import { NotesField } from './notes-field';
import { TimeSlots } from '../../components/booking/time-slots';
import { TimezonePicker } from './timezone-picker';
import { useContinueBooking } from './use-continue-booking';
import { WeekStrip } from '../../components/booking/week-strip';

/** The booking modal for one tutor (subject, length, zone, week strip, time slots); a trial is the bookable mode today. */
export function BookingModal({
  tutor,
  onClose,
}: {
  tutor: TutorProfileResponse;
  onClose: () => void;
}) {
  const isMobile = useIsMobile();
  const { user } = useSession();
  const subjects = tutor.subjects;
  const [choice, dispatch] = useReducer(bookingReducer, browserTimeZone(), initialChoice);
  // Fixed when the modal opens: "today" must not move under the student's hands.
  const [now] = useState(() => Date.now());

  const eligibility = useTrialEligibility(tutor.id);
  const mode = effectiveMode(eligibility.data, choice.mode);
  const today = localDateKey(now, choice.zone);
  const fromDate = weekStart(today, choice.weekOffset);
  const slots = useSlots({
    tutorId: tutor.id,
    fromDate,
    days: BOOKING_WEEK_DAYS,
    lessonMinutes: choice.lessonMinutes,
    viewerZone: choice.zone,
  });
  const week = slots.data?.days ?? null;
  const date = choice.date ?? (week ? defaultDay(week, today) : null);
  const daySlots = week?.find((day) => day.dateStr === date)?.slots ?? [];
  const slot = daySlots.find((candidate) => candidate.startTime === choice.slotStart) ?? null;
  // One subject is chosen for the student; several wait for their pick.
  const subject =
    subjects.find((candidate) => candidate.id === choice.subjectId) ??
    (subjects.length === 1 ? subjects[0] : undefined);

  const { preparing, proceed } = useContinueBooking(() => {
    dispatch({ type: 'time', slotStart: null });
    void slots.refetch();
  });
  const onContinue = () => {
    if (!user || !slot || !date || !subject || !isBookable(mode)) return;
    void proceed({
      studentId: user.id,
      tutorProfileId: tutor.id,
      tutorName: tutor.name,
      subjectId: subject.id,
      subjectName: subject.name,
      mode: 'trial',
      bookingDate: date,
      slotLabel: slot.slotLabel,
      viewerZone: choice.zone,
      lessonMinutes: choice.lessonMinutes,
      startTime: slot.startTime,
      endTime: slot.endTime,
      notes: choice.notes.trim(),
      price: TRIAL_PRICE_CENTS,
    });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={MODE_TITLES[mode]}
      size="lg"
      variant={isMobile ? 'sheet' : 'center'}
      footer={
        <BookingFooter
          summary={slot && date ? { date, start: slot.startTime } : null}
          lessonMinutes={choice.lessonMinutes}
          zone={choice.zone}
          price={modePrice(mode, tutor, choice.lessonMinutes)}
          missing={!subject ? M.selectSubject : !slot ? M.selectDateTime : null}
          busy={preparing || eligibility.isPending || slots.isPending}
          disabled={!isBookable(mode)}
          onContinue={onContinue}
        />
      }
    >
      <div className="space-y-5">
        {eligibility.data === false && (
          <Banner kind="warning" dismissible={false}>
            {M.trialUsed}
          </Banner>
        )}
        {!isBookable(mode) && (
          <Banner kind="info" dismissible={false}>
            {M.paidSoon}
          </Banner>
        )}
        <div className="grid gap-6 md:grid-cols-[minmax(0,15rem)_minmax(0,1fr)]">
          <div className="space-y-5">
            <ChoiceGroup
              legend="Lesson type"
              layout="stack"
              choices={modeChoices(
                { checking: eligibility.isPending, eligible: eligibility.data !== false },
                singlePrice(tutor, choice.lessonMinutes),
              )}
              value={mode}
              onChange={(value) => dispatch({ type: 'mode', mode: value })}
            />
            <ChoiceGroup
              legend="Subject"
              choices={subjects.map(({ id, name }) => ({ value: id, label: name }))}
              value={subject?.id ?? null}
              onChange={(value) => dispatch({ type: 'subject', subjectId: value })}
            />
            <ChoiceGroup
              legend="Duration"
              layout="even"
              choices={durationChoices}
              value={choice.lessonMinutes}
              onChange={(value) => dispatch({ type: 'minutes', lessonMinutes: value })}
            />
          </div>
          <section aria-label="Date and time" className="space-y-4">
            <TimezonePicker
              value={choice.zone}
              onChange={(zone) => dispatch({ type: 'zone', zone })}
            />
            <WeekStrip
              from={fromDate}
              today={today}
              selected={date}
              counts={week && new Map(week.map((day) => [day.dateStr, day.slots.length]))}
              canGoBack={choice.weekOffset > 0}
              onWeek={(step) => dispatch({ type: 'week', step })}
              onSelect={(value) => dispatch({ type: 'date', date: value })}
            />
            <TimeSlots
              state={
                slots.isPending
                  ? { status: 'loading' }
                  : slots.isError
                    ? { status: 'error' }
                    : { status: 'ready', slots: daySlots }
              }
              zone={choice.zone}
              selected={slot?.startTime ?? null}
              onSelect={(start) => dispatch({ type: 'time', slotStart: start })}
              onRetry={() => void slots.refetch()}
            />
          </section>
        </div>
        <NotesField value={choice.notes} onChange={(notes) => dispatch({ type: 'notes', notes })} />
      </div>
    </Dialog>
  );
}
