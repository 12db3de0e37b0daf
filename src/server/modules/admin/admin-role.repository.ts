import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';

// The queries of granting and revoking the admin role (admin-role.ts).

/** The account with this email (stored lowercased at sign-up), locked until the transaction ends. */
export function lockUserByEmail(trx: Transaction<DB>, email: string) {
  return trx
    .selectFrom('users')
    .select(['id', 'role', 'is_email_verified', 'closed_at', 'suspended_at'])
    .where('email', '=', email)
    .forUpdate()
    .executeTakeFirst();
}

export async function setRole(trx: Transaction<DB>, userId: string, role: 'student' | 'admin') {
  await trx.updateTable('users').set({ role }).where('id', '=', userId).execute();
}
