import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CLI_MESSAGES as M } from '../../../domain/admin/admin-shell-messages';
import { fixedClock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import type { UserRole } from '../../../domain/accounts/account-rules';
import { openTestDatabase, TEST_DRIVERS } from '../../test/test-database';
import { setAdminRole } from './admin-role';

// `npm run admin`'s rule, against real databases: only an open, verified student becomes an
// admin; --revoke makes an admin a student again; each change is audited with no admin.

const NOW = new Date('2026-03-02T10:00:00Z');

describe.each(TEST_DRIVERS)('granting the admin role on %s', (driver) => {
  let database: Database;
  const clock = fixedClock(NOW);
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await database?.close();
  });

  const user = async (
    values: {
      role?: UserRole;
      verified?: boolean;
      closed?: boolean;
      suspended?: boolean;
    } = {},
  ) => {
    const email = `person.${randomUUID()}@example.com`;
    const row = await database.db
      .insertInto('users')
      .values({
        email,
        full_name: 'Ada Byron',
        first_name: 'Ada',
        last_name: 'Byron',
        role: values.role ?? 'student',
        is_email_verified: values.verified ?? true,
        closed_at: values.closed ? NOW : null,
        suspended_at: values.suspended ? NOW : null,
        suspension_reason: values.suspended ? 'Spam' : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, email };
  };
  const roleOf = async (id: string) =>
    (
      await database.db
        .selectFrom('users')
        .select('role')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).role;
  const auditOf = (id: string) =>
    database.db
      .selectFrom('audit_log')
      .select(['action', 'admin_id', 'created_at'])
      .where('target_user_id', '=', id)
      .orderBy('id')
      .execute();

  it('makes a verified student an admin, audited as the command line, and revokes it', async () => {
    const { id, email } = await user();
    // The address as typed may differ in case and spaces.
    expect(
      await setAdminRole(database.db, clock, { email: ` ${email.toUpperCase()} `, revoke: false }),
    ).toEqual({
      ok: true,
      changed: true,
      message: M.granted(email),
    });
    expect(await roleOf(id)).toBe('admin');
    expect(await setAdminRole(database.db, clock, { email, revoke: false })).toEqual({
      ok: true,
      changed: false,
      message: M.alreadyAdmin(email),
    });
    expect(await setAdminRole(database.db, clock, { email, revoke: true })).toEqual({
      ok: true,
      changed: true,
      message: M.revoked(email),
    });
    expect(await roleOf(id)).toBe('student');
    expect(await auditOf(id)).toEqual([
      { action: 'admin_granted', admin_id: null, created_at: NOW },
      { action: 'admin_revoked', admin_id: null, created_at: NOW },
    ]);
    expect(await setAdminRole(database.db, clock, { email, revoke: true })).toEqual({
      ok: true,
      changed: false,
      message: M.notAdmin(email),
    });
  });

  it.each([
    [
      'an unknown email',
      async () => ({ id: undefined, email: `nobody.${randomUUID()}@example.com` }),
      M.unknownEmail,
    ],
    ['an unverified email', () => user({ verified: false }), M.unverified],
    ['a tutor', () => user({ role: 'tutor' }), M.tutor],
    ['a closed account', () => user({ closed: true }), M.closed],
    ['a suspended account', () => user({ suspended: true }), M.suspended],
  ] as const)('refuses %s and changes nothing', async (_, make, message) => {
    const { id, email } = await make();
    expect(await setAdminRole(database.db, clock, { email, revoke: false })).toEqual({
      ok: false,
      message: message(email),
    });
    if (id) {
      expect(await roleOf(id)).not.toBe('admin');
      expect(await auditOf(id)).toEqual([]);
    }
  });
});
