import { Flag, SearchX, Users, X } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TutorStudent } from '../../../contracts/lesson-history.contract';
import {
  BOOKING_MESSAGES,
  LESSON_HISTORY_MESSAGES as M,
  REPORT_MESSAGES,
} from '../../../domain/messages';
import { MESSAGES_PAGE } from '../../../domain/messaging/messaging-page-messages';
import { MessageButton } from '../../components/messaging/message-button';
import { ReportDialog, type ReportTarget } from '../../components/report/report-dialog';
import { Button } from '../../components/ui/button';
import { useAccountZone } from '../../lib/account-zone';
import { EmptyState, ErrorPanel, LoadingSkeleton } from '../../components/ui/page-states';
import { shortDateTime, zoneLabel } from '../../lib/lesson-time';
import { usePageParam } from '../../lib/use-page-param';
import { Pagination } from '../../components/ui/pagination';
import { PersonAvatar } from '../../components/ui/person-avatar';
import { useMyStudents } from './my-students-api';

/**
 * The tutor's My Students: everyone they have booked lessons with, those with a coming lesson
 * first, with how many lessons they had and when the next and the last are.
 */
export function MyStudentsPage() {
  const [page, setPage] = usePageParam();
  // The sidebar's 'Search students...' lands here with the words in the address.
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const students = useMyStudents(page, q);
  const clearSearch = (
    <Button variant="secondary" onClick={() => setParams({})}>
      <X aria-hidden className="h-4 w-4" />
      {M.clearSearch}
    </Button>
  );
  const zone = useAccountZone();
  const [reporting, setReporting] = useState<ReportTarget | null>(null);

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-2xl font-bold">{M.myStudents}</h1>
      <section
        aria-label={M.myStudents}
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        {students.isPending ? (
          <LoadingSkeleton label={M.myStudents} />
        ) : students.isError ? (
          <ErrorPanel message={M.loadStudentsFailed} onRetry={() => void students.refetch()} />
        ) : students.data.students.length === 0 ? (
          q ? (
            <EmptyState
              icon={SearchX}
              title={M.noStudentsMatch(q)}
              hint={M.noStudentsMatchHint}
              action={clearSearch}
            />
          ) : (
            <EmptyState icon={Users} title={M.noStudents} hint={M.noStudentsHint} />
          )
        ) : (
          <>
            {q && (
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium">{M.studentsMatching(q, students.data.total)}</p>
                {clearSearch}
              </div>
            )}
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {BOOKING_MESSAGES.timesInZone(zoneLabel(zone))}
            </p>
            <ul
              aria-busy={students.isPlaceholderData}
              className="divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
            >
              {students.data.students.map((student) => (
                <StudentRow
                  key={student.id}
                  student={student}
                  zone={zone}
                  onReport={() =>
                    setReporting({ kind: 'user', userId: student.id, name: student.name })
                  }
                />
              ))}
            </ul>
            <Pagination
              page={students.data.page}
              totalPages={students.data.totalPages}
              onPage={setPage}
            />
          </>
        )}
      </section>
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
    </div>
  );
}

function StudentRow({
  student,
  zone,
  onReport,
}: {
  student: TutorStudent;
  zone: string;
  onReport: () => void;
}) {
  const when = (at: string | null) => (at ? shortDateTime(at, zone) : M.none);
  return (
    <li
      className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1 p-3 sm:grid-cols-[auto_minmax(0,1fr)_auto_auto_auto]"
      data-testid="student-row"
    >
      <span className="row-span-2 sm:row-span-1">
        <PersonAvatar name={student.name} avatarUrl={student.avatarUrl} />
      </span>
      <span className="min-w-0">
        <span className="block truncate font-semibold">{student.name}</span>
        <span className="block text-sm text-slate-600 dark:text-slate-400">
          {M.lessonsCount(student.lessonsCount)}
        </span>
      </span>
      <dl className="col-start-2 grid grid-cols-[auto_1fr] gap-x-2 text-sm sm:col-span-2 sm:col-start-3 sm:grid-cols-[auto_auto_auto_auto] sm:gap-x-3">
        <dt className="text-slate-600 dark:text-slate-400">{M.nextLesson}</dt>
        <dd>{when(student.nextLessonAt)}</dd>
        <dt className="text-slate-600 dark:text-slate-400">{M.lastLesson}</dt>
        <dd>{when(student.lastLessonAt)}</dd>
      </dl>
      <span className="col-start-2 -ml-2 flex flex-wrap gap-1 sm:col-start-auto sm:ml-0 sm:flex-col sm:items-start">
        <MessageButton
          target={{ studentId: student.id }}
          label={MESSAGES_PAGE.messageStudent(student.name)}
          variant="ghost"
          className="px-2 py-1.5"
        />
        <Button
          variant="ghost"
          className="px-2 py-1.5"
          aria-label={REPORT_MESSAGES.reportStudentLabel(student.name)}
          onClick={onReport}
        >
          <Flag aria-hidden className="h-4 w-4" />
          {REPORT_MESSAGES.reportStudent}
        </Button>
      </span>
    </li>
  );
}
