import type { Kysely, Transaction } from 'kysely';
import type { AuditAction } from '../../../domain/admin/moderation';
import type { DB } from '../../db/types';

// The audit log's one writer (issue #15). Call it in the transaction of the action it records,
// so a record exists exactly when the action committed. The table refuses changes and deletes
// (migration 020): what is written here stays.

export interface AuditEntry {
  /** The admin who acted; null for the command line (npm run admin). */
  adminId: string | null;
  action: AuditAction;
  targetUserId?: string;
  reviewId?: string;
  reportId?: string;
  /** Why, in the admin's words (or the chosen reason's). */
  reason?: string;
  at: Date;
}

export async function recordAudit(db: Kysely<DB> | Transaction<DB>, entry: AuditEntry) {
  await db
    .insertInto('audit_log')
    .values({
      admin_id: entry.adminId,
      action: entry.action,
      target_user_id: entry.targetUserId ?? null,
      review_id: entry.reviewId ?? null,
      report_id: entry.reportId ?? null,
      reason: entry.reason ?? '',
      created_at: entry.at,
    })
    .execute();
}
