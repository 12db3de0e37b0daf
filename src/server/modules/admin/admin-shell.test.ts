import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EndpointOutput } from '../../../contracts/endpoint';
import { AUDIT_PAGE_SIZE, type listAuditLog } from '../../../contracts/admin.contract';
import { createTutor, type TestStudent } from '../../test/factories';
import { fixedClockApp } from '../../test/fixed-clock-app';
import type { TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { recordAudit } from '../audit/audit.repository';
import { createAdmin } from '../../test/admin-fixtures';

// The admin sidebar's counts and the audit log, as an admin reads them, on a clock standing
// at NOW: every row that should count, and one of each that should not.

const NOW = new Date('2026-03-02T10:00:00Z');
const DAY = 86_400_000;

describe.each(TEST_DRIVERS)('the admin overview and audit log on %s', (driver) => {
  let t: TestApp;
  fixedClockApp(driver, NOW, (app) => (t = app));
  let admin: TestStudent;

  beforeAll(async () => {
    admin = await createAdmin(t);
  });

  const insertUser = async (values: {
    lastLogin?: Date;
    closed?: boolean;
    suspended?: boolean;
    role?: 'student' | 'tutor';
  }) => {
    const row = await t.database.db
      .insertInto('users')
      .values({
        email: `someone.${randomUUID()}@example.com`,
        full_name: 'Some One',
        first_name: 'Some',
        last_name: 'One',
        role: values.role ?? 'student',
        is_email_verified: true,
        last_login_at: values.lastLogin ?? null,
        closed_at: values.closed ? NOW : null,
        suspended_at: values.suspended ? NOW : null,
        suspension_reason: values.suspended ? 'Spam' : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  it('counts active users, pending verifications and open reports', async () => {
    const db = t.database.db;
    // Active: signed in within 30 days (the admin signed in at NOW, plus two here).
    await insertUser({ lastLogin: new Date(NOW.getTime() - 29 * DAY) });
    const reporter = await insertUser({ lastLogin: NOW });
    // Not active: too long ago, never, closed, suspended.
    await insertUser({ lastLogin: new Date(NOW.getTime() - 31 * DAY) });
    await insertUser({});
    await insertUser({ lastLogin: NOW, closed: true });
    await insertUser({ lastLogin: NOW, suspended: true });

    // Pending: two waiting tutors; not: approved, rejected, suspended, closed.
    await createTutor(db, { firstName: 'Pat', lastName: 'Pending' });
    await createTutor(db, { firstName: 'Pia', lastName: 'Pending' });
    const approved = await createTutor(db);
    const rejected = await createTutor(db);
    await db
      .updateTable('tutor_profiles')
      .set({ approval_status: 'approved' })
      .where('id', '=', approved.id)
      .execute();
    await db
      .updateTable('tutor_profiles')
      .set({ approval_status: 'rejected' })
      .where('id', '=', rejected.id)
      .execute();
    const suspendedTutor = await createTutor(db, {
      userId: await insertUser({ role: 'tutor', suspended: true }),
    });
    const closedTutor = await createTutor(db, {
      userId: await insertUser({ role: 'tutor', closed: true }),
    });

    // Reports: one open; one dismissed does not count.
    const report = (status: 'open' | 'dismissed') =>
      db
        .insertInto('reports')
        .values({
          reporter_id: reporter,
          kind: 'user',
          reported_user_id: suspendedTutor.userId,
          reason: 'spam',
          status,
          created_at: NOW,
          resolved_at: status === 'open' ? null : NOW,
          resolved_by: status === 'open' ? null : admin.id,
        })
        .execute();
    await report('open');
    await report('dismissed');
    expect(closedTutor.id).toBeTruthy();

    const response = await admin.client.get('/api/admin/overview');
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({ activeUsers: 3, pendingVerifications: 2, reportedIssues: 1 });
  });

  it('pages the audit log newest first, with who acted on whom', async () => {
    const page = async (n: number) => {
      const response = await admin.client.get(`/api/admin/audit?page=${n}`);
      expect(response.status, response.text).toBe(200);
      return response.json as EndpointOutput<typeof listAuditLog>;
    };
    // The admin's own promotion came from the command line.
    const first = await page(1);
    expect(first.entries.at(-1)).toMatchObject({
      action: 'admin_granted',
      admin: null,
      target: { id: admin.id, name: 'Ada Admin', email: admin.email },
      reason: '',
      reportId: null,
      reviewId: null,
    });
    const start = first.total;

    const target = await insertUser({});
    for (let index = 0; index <= AUDIT_PAGE_SIZE; index++) {
      await recordAudit(t.database.db, {
        adminId: admin.id,
        action: 'user_suspended',
        targetUserId: target,
        reason: `reason ${index}`,
        at: new Date(NOW.getTime() + index * 1000),
      });
    }
    const newest = await page(1);
    expect(newest).toMatchObject({ page: 1, total: start + AUDIT_PAGE_SIZE + 1 });
    expect(newest.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(newest.entries[0]).toMatchObject({
      action: 'user_suspended',
      admin: { id: admin.id, name: 'Ada Admin' },
      target: { id: target, name: 'Some One' },
      reason: `reason ${AUDIT_PAGE_SIZE}`,
      createdAt: new Date(NOW.getTime() + AUDIT_PAGE_SIZE * 1000).toISOString(),
    });
    const last = await page(2);
    expect(last.entries.at(-1)?.action).toBe('admin_granted');
    // Past the last page: the last page.
    expect((await page(99)).page).toBe(last.totalPages);
    expect((await admin.client.get('/api/admin/audit?page=0')).status).toBe(400);
  });
});
