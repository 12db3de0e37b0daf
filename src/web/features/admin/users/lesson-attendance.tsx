import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import {
  getLessonAttendance,
  type AttendanceEntry,
} from '../../../../contracts/classroom.contract';
import { CLASSROOM_MESSAGES as M } from '../../../../domain/messages/classroom';
import { LoadingSkeleton } from '../../../components/ui/page-states';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useAdminDates } from './user-labels';

// A no-show lesson's classroom attendance (issue #26), for the admin who corrects a no-show
// report (ADR 018): each party's stays in the classroom, when they joined and left, or that
// they did not join. The server answers admins only.

type Role = AttendanceEntry['role'];

export function useLessonAttendance(lessonId: string) {
  return useQuery({
    queryKey: queryKeys.adminUsers.attendance(lessonId),
    queryFn: async () => (await call(getLessonAttendance, { params: { id: lessonId } })).attendance,
  });
}

export function LessonAttendance({
  lessonId,
  parties,
}: {
  lessonId: string;
  /** The lesson's two parties' names, by their side of it. */
  parties: Record<Role, string>;
}) {
  const attendance = useLessonAttendance(lessonId);
  const { formatMoment } = useAdminDates();
  const titleId = useId();
  const lines = (role: Role) => {
    const stays = (attendance.data ?? []).filter((stay) => stay.role === role);
    if (stays.length === 0) return [M.attendanceAbsent(parties[role])];
    return stays.map((stay) =>
      M.attendanceRow(
        stay.name,
        formatMoment(stay.joinedAt),
        stay.leftAt ? formatMoment(stay.leftAt) : null,
      ),
    );
  };
  return (
    <section
      aria-labelledby={titleId}
      className="mt-1 w-full rounded-md bg-slate-50 px-3 py-2 dark:bg-slate-800"
    >
      <h4 id={titleId} className="text-xs font-semibold">
        {M.attendance}
      </h4>
      {attendance.isPending ? (
        <LoadingSkeleton label={M.attendance} rows={2} />
      ) : attendance.isError ? (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          {M.attendanceFailed}
        </p>
      ) : (
        <ul className="text-xs text-slate-700 dark:text-slate-300">
          {(['student', 'tutor'] as const).flatMap((role) =>
            lines(role).map((line) => <li key={`${role}:${line}`}>{line}</li>),
          )}
        </ul>
      )}
    </section>
  );
}
