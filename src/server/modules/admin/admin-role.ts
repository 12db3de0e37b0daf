import type { Kysely } from 'kysely';
import { ADMIN_CLI_MESSAGES as M } from '../../../domain/admin/admin-shell-messages';
import type { Clock } from '../../adapters/clock';
import type { DB } from '../../db/types';
import { recordAudit } from '../audit/audit.repository';
import { lockUserByEmail, setRole } from './admin-role.repository';

// Granting and revoking the admin role (`npm run admin`). Only an open, verified student
// account becomes an admin: a tutor keeps teaching under their own account and does admin
// work under another, so a tutor never judges their own profile or competitors'. Each change
// is audited in its own transaction, with no admin (the command line acted).

export type AdminRoleOutcome =
  { ok: true; changed: boolean; message: string } | { ok: false; message: string };

export async function setAdminRole(
  db: Kysely<DB>,
  clock: Clock,
  input: { email: string; revoke: boolean },
): Promise<AdminRoleOutcome> {
  const email = input.email.trim().toLowerCase();
  return db.transaction().execute(async (trx) => {
    const user = await lockUserByEmail(trx, email);
    if (!user) return { ok: false, message: M.unknownEmail(email) };
    if (input.revoke) {
      if (user.role !== 'admin') return { ok: true, changed: false, message: M.notAdmin(email) };
      await setRole(trx, user.id, 'student');
      await recordAudit(trx, {
        adminId: null,
        action: 'admin_revoked',
        targetUserId: user.id,
        at: clock.now(),
      });
      return { ok: true, changed: true, message: M.revoked(email) };
    }
    if (user.role === 'admin') return { ok: true, changed: false, message: M.alreadyAdmin(email) };
    if (user.closed_at) return { ok: false, message: M.closed(email) };
    if (!user.is_email_verified) return { ok: false, message: M.unverified(email) };
    if (user.suspended_at) return { ok: false, message: M.suspended(email) };
    if (user.role === 'tutor') return { ok: false, message: M.tutor(email) };
    await setRole(trx, user.id, 'admin');
    await recordAudit(trx, {
      adminId: null,
      action: 'admin_granted',
      targetUserId: user.id,
      at: clock.now(),
    });
    return { ok: true, changed: true, message: M.granted(email) };
  });
}
