import { useId, useState } from 'react';
import { useParams } from 'react-router';
import type { AdminUserDetail, AdminUserReport } from '../../../../contracts/admin-users.contract';
import { REPORT_REASONS, type ReportReason } from '../../../../domain/admin/moderation';
import { ADMIN_USERS_MESSAGES as M, REPORT_MESSAGES } from '../../../../domain/messages';
import { Button } from '../../../components/ui/button';
import { ErrorPanel, LoadingSkeleton } from '../../../components/ui/page-states';
import { TitledCard } from '../../../components/ui/titled-card';
import { ApiError, messageOf } from '../../../lib/api-client';
import { BackLink } from '../../../components/ui/back-link';
import { paths } from '../../../lib/paths';
import { APPROVAL_MESSAGES } from '../../../../domain/admin/approval-messages';
import { notify } from '../../../lib/notify';
import { RejectDialog } from '../approvals/reject-dialog';
import { useAdminUser, useSendBack } from './admin-users-api';
import { LessonAttendance } from './lesson-attendance';
import { SuspendDialog } from './suspend-dialog';
import { approvalLabel, StatusBadge, useAdminDates } from './user-labels';

// One account as the admin sees it: who they are, their state (and why suspended), their
// lessons (a no-show lesson with its classroom attendance) and the reports about them and by
// them, and Suspend or Restore.

export function UserPage() {
  const { userId = '' } = useParams();
  const user = useAdminUser(userId);
  return (
    <div className="space-y-6">
      <BackLink to={paths.admin.users}>{M.backToUsers}</BackLink>
      {user.isPending ? (
        <LoadingSkeleton label={M.details} rows={4} />
      ) : user.isError ? (
        <ErrorPanel
          message={
            user.error instanceof ApiError && user.error.code === 'NOT_FOUND'
              ? M.userNotFound
              : M.userLoadFailed
          }
          onRetry={() => void user.refetch()}
        />
      ) : (
        <UserDetails user={user.data} />
      )}
    </div>
  );
}

function UserDetails({ user }: { user: AdminUserDetail }) {
  const { formatDay, formatMoment } = useAdminDates();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [sendingBack, setSendingBack] = useState(false);
  const sendBack = useSendBack(user.id);
  const ids = { details: useId(), lessons: useId(), about: useId(), by: useId() };
  // An admin is demoted from the command line first; a closed account has nothing to suspend.
  const canAct = user.role !== 'admin' && user.status !== 'closed';
  return (
    <>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words">{user.name}</h1>
          <p className="text-sm break-all text-slate-600 dark:text-slate-400">{user.email}</p>
        </div>
        {canAct && (
          <div className="flex flex-wrap gap-2">
            {user.approvalStatus === 'approved' && user.status === 'active' && (
              <Button variant="secondary" onClick={() => setSendingBack(true)}>
                {APPROVAL_MESSAGES.sendBack}
              </Button>
            )}
            <Button
              variant={user.status === 'suspended' ? 'primary' : 'secondary'}
              onClick={() => setDialogOpen(true)}
            >
              {user.status === 'suspended' ? M.restore : M.suspend}
            </Button>
          </div>
        )}
      </header>

      <TitledCard titleId={ids.details} title={M.details}>
        <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Fact label={M.columns.role}>{M.roles[user.role]}</Fact>
          <Fact label={M.columns.status}>
            <StatusBadge status={user.status} />
          </Fact>
          <Fact label={M.columns.created}>{formatDay(user.createdAt)}</Fact>
          <Fact label={M.columns.lastSignIn}>{formatDay(user.lastSignInAt)}</Fact>
          {user.role === 'tutor' && <Fact label={M.tutorApproval}>{approvalLabel(user)}</Fact>}
          {user.suspension && (
            <>
              <Fact label={M.statuses.suspended}>
                {M.suspendedSince(formatMoment(user.suspension.at))}
              </Fact>
              <Fact label={M.suspensionReason}>
                <span className="break-words whitespace-pre-line">{user.suspension.reason}</span>
              </Fact>
            </>
          )}
        </dl>
      </TitledCard>

      <TitledCard titleId={ids.lessons} title={M.lessons}>
        <dl className="mt-4 grid grid-cols-3 gap-3 text-center">
          {(['upcoming', 'completed', 'canceled'] as const).map((kind) => (
            <div key={kind} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
              <dt className="text-xs text-slate-600 dark:text-slate-400">{M[kind]}</dt>
              <dd className="text-xl font-semibold">{user.lessonCounts[kind]}</dd>
            </div>
          ))}
        </dl>
        <h3 className="mt-5 text-sm font-semibold">{M.recentLessons}</h3>
        {user.recentLessons.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{M.noLessons}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-800">
            {user.recentLessons.map((lesson) => (
              <li key={lesson.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
                <span>
                  <span className="font-medium">{lesson.subject}</span>{' '}
                  <span className="text-slate-600 dark:text-slate-400">
                    {lesson.as === 'student' ? M.asStudent : M.asTutor},{' '}
                    {M.withWhom(lesson.otherName)}
                  </span>
                </span>
                <span className="text-slate-600 dark:text-slate-400">
                  {formatMoment(lesson.startsAt)} · {lesson.status.replace('_', ' ')}
                </span>
                {lesson.status === 'no_show' && (
                  <LessonAttendance
                    lessonId={lesson.id}
                    parties={
                      lesson.as === 'student'
                        ? { student: user.name, tutor: lesson.otherName }
                        : { student: lesson.otherName, tutor: user.name }
                    }
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </TitledCard>

      <div className="grid gap-6 lg:grid-cols-2">
        <TitledCard titleId={ids.about} title={M.reportsAbout}>
          <Reports reports={user.reportsAbout} other={M.reportBy} />
        </TitledCard>
        <TitledCard titleId={ids.by} title={M.reportsBy}>
          <Reports reports={user.reportsBy} other={M.reportAbout} />
        </TitledCard>
      </div>

      {canAct && (
        <SuspendDialog user={user} open={dialogOpen} onClose={() => setDialogOpen(false)} />
      )}
      {canAct && user.approvalStatus === 'approved' && (
        <RejectDialog
          tutorName={user.name}
          open={sendingBack}
          pending={sendBack.isPending}
          onClose={() => setSendingBack(false)}
          copy={{
            title: APPROVAL_MESSAGES.sendBackTitle,
            intro: APPROVAL_MESSAGES.sendBackIntro,
            confirm: APPROVAL_MESSAGES.sendBack,
          }}
          onReject={(input) =>
            sendBack.mutate(input, {
              onSuccess: () => {
                notify.success(APPROVAL_MESSAGES.sentBack(user.name));
                setSendingBack(false);
              },
              onError: (error) => notify.error(messageOf(error, APPROVAL_MESSAGES.decideFailed)),
            })
          }
        />
      )}
    </>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

/** A report's state in words, as the reports page says it. */
const reportStatus = {
  open: REPORT_MESSAGES.tabOpen,
  dismissed: REPORT_MESSAGES.statusDismissed,
  actioned: REPORT_MESSAGES.statusActioned,
} as const;

function Reports({
  reports,
  other,
}: {
  reports: AdminUserReport[];
  other: (name: string) => string;
}) {
  const { formatDay } = useAdminDates();
  if (reports.length === 0)
    return <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{M.noReports}</p>;
  return (
    <ul className="mt-3 divide-y divide-slate-200 text-sm dark:divide-slate-800">
      {reports.map((report) => (
        <li key={report.id} className="py-2">
          <p className="flex flex-wrap justify-between gap-x-3">
            <span className="font-medium">
              {REPORT_REASONS[report.reason as ReportReason] ?? report.reason}
            </span>
            <span className="text-slate-600 dark:text-slate-400">
              {formatDay(report.createdAt)} · {reportStatus[report.status]}
            </span>
          </p>
          <p className="text-slate-600 dark:text-slate-400">{other(report.otherName)}</p>
          {report.details && (
            <p className="mt-1 break-words whitespace-pre-line">{report.details}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
