import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookLesson, getSlots, type BookLessonInput } from '../../../contracts/booking.contract';
import {
  getMyPackagesWithTutor,
  getPackageOffers,
  schedulePackageLesson,
} from '../../../contracts/packages.contract';
import type { LessonMinutes } from '../../../domain/scheduling/slot-length';
import { call, type BodyOf } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { useLesson } from '../../lib/lesson-query';

// TanStack Query hooks over the booking API. Slots, trial eligibility and credits change with
// every booking (anyone's): they are never served from cache (gcTime 0), so reopening the
// modal, or coming back from a failed checkout, always shows what the server says now.

interface SlotsQuery {
  tutorId: string;
  fromDate: string;
  days: number;
  lessonMinutes: LessonMinutes;
  viewerZone: string;
}

export function fetchSlots({ tutorId, ...query }: SlotsQuery) {
  return call(getSlots, { params: { id: tutorId }, query });
}

export function useSlots(query: SlotsQuery) {
  return useQuery({
    queryKey: queryKeys.tutors.slots(query.tutorId, query),
    queryFn: () => fetchSlots(query),
    gcTime: 0,
    retry: 1,
  });
}

/**
 * The packages on offer for the subject (or every subject, before one is chosen) at the chosen
 * length, priced by the server; loaded only in package mode.
 */
export function usePackageOffers(
  tutorId: string,
  query: { subjectId?: number; lessonMinutes: LessonMinutes },
  enabled: boolean,
) {
  return useQuery({
    queryKey: queryKeys.tutors.packageOffers(tutorId, query),
    queryFn: async () =>
      (await call(getPackageOffers, { params: { id: tutorId }, query })).packages,
    enabled,
    retry: 1,
  });
}

/** The student's packages with this tutor that still have lessons to schedule. */
export function useMyPackages(tutorId: string) {
  return useQuery({
    queryKey: queryKeys.tutors.myPackages(tutorId),
    queryFn: async () => (await call(getMyPackagesWithTutor, { params: { id: tutorId } })).packages,
    gcTime: 0,
    retry: false,
  });
}

/**
 * Schedules a lesson from a bought package (no checkout: it is paid for). The lesson lists
 * and the credits left are then out of date.
 */
export function useSchedulePackageLesson(tutorId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      studentPackageId,
      ...body
    }: BodyOf<typeof schedulePackageLesson> & { studentPackageId: string }) =>
      call(schedulePackageLesson, { params: { id: studentPackageId }, body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.lessons.all });
      void client.invalidateQueries({ queryKey: queryKeys.tutors.myPackages(tutorId) });
    },
  });
}

/**
 * Books the lesson. The cached lessons are then out of date (the upcoming lists and the
 * next-lesson card): they reload at once where shown, else when next shown.
 */
export function useBookLesson() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: BookLessonInput) => (await call(bookLesson, { body: input })).lesson,
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.lessons.all }),
  });
}

/** The booked lesson as the server has it: the success page's source of truth. */
export const useBookedLesson = useLesson;
