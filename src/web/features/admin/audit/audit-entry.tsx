import type { AuditEntryView } from '../../../../contracts/admin.contract';
import {
  ADMIN_SHELL_MESSAGES as M,
  AUDIT_SENTENCES,
} from '../../../../domain/admin/admin-shell-messages';
import { shortDateTime } from '../../../lib/lesson-time';

/** 'Ada Admin suspended Sam Jones (sam@example.com)': one sentence per action. */
export function auditSentence(entry: AuditEntryView): string {
  const actor = entry.admin?.name ?? M.commandLine;
  const target = entry.target ? `${entry.target.name} (${entry.target.email})` : M.deletedUser;
  return AUDIT_SENTENCES[entry.action](actor, target);
}

/** One audit entry: the sentence, when (in the admin's zone), and why. */
export function AuditEntry({ entry, zone }: { entry: AuditEntryView; zone: string }) {
  return (
    <div className="space-y-1">
      <p className="text-sm font-medium">{auditSentence(entry)}</p>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        <time dateTime={entry.createdAt}>{shortDateTime(entry.createdAt, zone)}</time>
        {entry.reportId && (
          <span>
            {' · '}
            {M.auditReport} {entry.reportId.slice(0, 8)}
          </span>
        )}
        {entry.reviewId && (
          <span>
            {' · '}
            {M.auditReview} {entry.reviewId.slice(0, 8)}
          </span>
        )}
      </p>
      {entry.reason && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          <span className="font-medium">{M.auditReason}:</span> {entry.reason}
        </p>
      )}
    </div>
  );
}
