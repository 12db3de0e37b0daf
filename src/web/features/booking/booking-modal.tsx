import { useEffect, useReducer, useRef, useState } from 'react';
import type { TutorProfileResponse } from '../../../contracts/tutors.contract';
import { BOOKING_WEEK_DAYS, TRIAL_PRICE_CENTS } from '../../../domain/booking/booking-rules';
import { BOOKING_MESSAGES as M, DISCOVERY_MESSAGES } from '../../../domain/messages';
import { useAccountZone } from '../../lib/account-zone';
import { useIsMobile } from '../../lib/use-media-query';
import { defaultDay, weekStart } from '../../components/slot-picker/booking-week';
import type { PendingBooking } from './pending-booking';
import { TimeSlots } from '../../components/slot-picker/time-slots';
import { WeekStrip } from '../../components/slot-picker/week-strip';
import { Dialog } from '../../components/ui/dialog';
import { localDateKey } from '../../lib/lesson-time';
import { useSession } from '../../lib/session';
import { useTrialEligibility } from '../../lib/trial-eligibility';
import { useMyPackages, usePackageOffers, useSlots } from './booking-api';
import {
  MODE_TITLES,
  durationChoices,
  modeChoices,
  priceText,
  singlePrice,
} from './booking-choices';
import { BookingFooter } from './booking-footer';
import { TrialUsedNotice } from './trial-used-notice';
import { bookingReducer, effectiveMode, initialChoice } from './booking-state';
import { ChoiceGroup } from './choice-group';
import { CreditChoice, usablePackages } from './credit-choice';
import { NotesField } from './notes-field';
import { PackageList } from './package-list';
import { TimezonePicker } from './timezone-picker';
import { useBookFromPackage } from './use-book-from-package';
import { useContinueBooking } from './use-continue-booking';

/**
 * The booking modal for one tutor: the mode (a trial while the student may have one, else a
 * single lesson, paid or from a bought package, or a package), subject, package, length, zone,
 * week strip and time slots. Continue books a lesson from a package at once; anything else
 * goes on to the checkout.
 */
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
  const [choice, dispatch] = useReducer(bookingReducer, useAccountZone(), initialChoice);
  // Fixed when the modal opens: "today" must not move under the student's hands.
  const [now] = useState(() => Date.now());

  const eligibility = useTrialEligibility(tutor.id);
  const eligible = eligibility.data?.eligible;
  const mode = effectiveMode(eligible, choice.mode);
  const credits = usablePackages(useMyPackages(tutor.id).data ?? [], now);
  const credit =
    mode === 'single' ? (credits.find((bought) => bought.id === choice.creditId) ?? null) : null;
  // Credits already paid for come first: "Pay with" starts on the first package's credit, once,
  // when they load; choosing to pay instead is then the student's to make (issue #29).
  const firstCredit = mode === 'single' ? credits[0] : undefined;
  const creditOffered = useRef(false);
  useEffect(() => {
    if (creditOffered.current || !firstCredit) return;
    creditOffered.current = true;
    dispatch({ type: 'credit', credit: firstCredit });
  }, [firstCredit]);
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
  // One subject is chosen for the student; several wait for their pick. A package lesson is
  // its package's subject, even one the tutor no longer lists.
  const subject = credit
    ? { id: credit.subjectId, name: credit.subject }
    : (subjects.find((candidate) => candidate.id === choice.subjectId) ??
      (subjects.length === 1 ? subjects[0] : undefined));
  const offers = usePackageOffers(
    tutor.id,
    { subjectId: subject?.id, lessonMinutes: choice.lessonMinutes },
    mode === 'package',
  );
  const offer =
    mode === 'package'
      ? (offers.data?.find((candidate) => candidate.id === choice.packageId) ?? null)
      : null;

  const onSlotGone = () => {
    dispatch({ type: 'time', slotStart: null });
    void slots.refetch();
  };
  const { preparing, proceed } = useContinueBooking(onSlotGone);
  const { booking, book } = useBookFromPackage(tutor.id, onSlotGone);
  const missing = !subject
    ? M.selectSubject
    : mode === 'package' && !offer
      ? M.selectPackage
      : !slot
        ? M.selectDateTime
        : null;

  const onContinue = () => {
    if (!user || !slot || !date || !subject) return;
    const chosenSlot = {
      bookingDate: date,
      slotLabel: slot.slotLabel,
      viewerZone: choice.zone,
      notes: choice.notes.trim(),
    };
    if (credit) return void book(credit.id, chosenSlot);
    const lesson = {
      studentId: user.id,
      tutorProfileId: tutor.id,
      tutorName: tutor.name,
      subjectId: subject.id,
      subjectName: subject.name,
      lessonMinutes: choice.lessonMinutes,
      startTime: slot.startTime,
      endTime: slot.endTime,
      // A tutor's rate is shown in dollars (the server prices in the tutor's currency).
      currency: 'USD',
      ...chosenSlot,
    };
    let pending: PendingBooking;
    if (mode === 'trial')
      pending = { ...lesson, bookingMode: 'trial', isTrial: true, price: TRIAL_PRICE_CENTS };
    else if (mode === 'single')
      pending = {
        ...lesson,
        bookingMode: 'single',
        isTrial: false,
        price: singlePrice(tutor, choice.lessonMinutes),
      };
    else if (offer)
      pending = {
        ...lesson,
        bookingMode: 'package',
        isTrial: false,
        price: offer.totalPriceCents,
        currency: offer.currency,
        packageId: offer.id,
        packageName: offer.name,
        packageLessons: offer.numberOfLessons,
        isPlatformPackage: offer.isPlatformPackage,
      };
    else return;
    void proceed(pending);
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
          priceText={priceText(mode, tutor, choice.lessonMinutes, { credit: !!credit, offer })}
          missing={missing}
          busy={preparing || booking || eligibility.isPending || slots.isPending}
          onContinue={onContinue}
        />
      }
    >
      <div className="space-y-5">
        {eligibility.data && <TrialUsedNotice eligibility={eligibility.data} zone={choice.zone} />}
        <div className="grid gap-6 md:grid-cols-[minmax(0,17rem)_minmax(0,1fr)]">
          <div className="space-y-5">
            <ChoiceGroup
              legend="Lesson type"
              layout="stack"
              choices={modeChoices(
                { checking: eligibility.isPending, eligible: eligible !== false },
                singlePrice(tutor, choice.lessonMinutes),
              )}
              value={mode}
              onChange={(value) => dispatch({ type: 'mode', mode: value })}
            />
            {mode === 'single' && credits.length > 0 && (
              <CreditChoice
                packages={credits}
                selected={credit}
                singlePriceCents={singlePrice(tutor, choice.lessonMinutes)}
                zone={choice.zone}
                now={now}
                onChange={(chosen) => dispatch({ type: 'credit', credit: chosen })}
              />
            )}
            <ChoiceGroup
              legend="Subject"
              choices={subjects.map(({ id, name }) => ({ value: id, label: name }))}
              value={subject?.id ?? null}
              onChange={(value) => dispatch({ type: 'subject', subjectId: value })}
            />
            {mode === 'package' && (
              <PackageList
                state={
                  offers.isPending
                    ? { status: 'loading' }
                    : offers.isError
                      ? { status: 'error' }
                      : { status: 'ready', offers: offers.data }
                }
                selected={offer?.id ?? null}
                onSelect={(packageId) => dispatch({ type: 'package', packageId })}
                onRetry={() => void offers.refetch()}
              />
            )}
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
            {tutor.availability.slots.length === 0 ? (
              // No weekly hours at all: every week would be empty, so say why instead.
              <p
                role="status"
                className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300"
              >
                {DISCOVERY_MESSAGES.noAvailability}
              </p>
            ) : (
              <>
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
              </>
            )}
          </section>
        </div>
        <NotesField value={choice.notes} onChange={(notes) => dispatch({ type: 'notes', notes })} />
      </div>
    </Dialog>
  );
}
