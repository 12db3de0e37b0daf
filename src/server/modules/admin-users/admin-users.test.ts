import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERS_PAGE_SIZE } from '../../../domain/admin/user-admin-rules';
import { ADMIN_USERS_MESSAGES as M, DISCOVERY_MESSAGES } from '../../../domain/messages';
import {
  createLesson,
  createStudent,
  createStudents,
  createTutor,
  type TestStudent,
} from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { createAdmin } from '../../test/admin-fixtures';

// The admin's users search and user page on each database: a substring of the name or email in
// any case (wildcards are plain characters), role and status filters, newest first, paged; one
// account's lessons, reports and tutor approval.

const DAY = 86_400_000;

describe.each(TEST_DRIVERS)('the admin users pages on %s', (driver) => {
  let t: TestApp;
  let admin: TestStudent;
  beforeAll(async () => {
    t = await startTestApp(driver);
    admin = await createAdmin(t);
  });
  afterAll(() => t.close());

  const search = async (query: string) => {
    const response = await admin.client.get(`/api/admin/users?${query}`);
    expect(response.status, response.text).toBe(200);
    return response.json as {
      users: { id: string; name: string; role: string; status: string; approvalStatus: unknown }[];
      page: number;
      totalPages: number;
      total: number;
    };
  };

  it('finds accounts by name or email, filters by role and status, newest first, paged', async () => {
    const db = t.database.db;
    // Twenty-one students named "Zed <n>", made one second apart (newest last).
    const students = await createStudents(t, USERS_PAGE_SIZE + 1);
    for (const [index, student] of students.entries())
      await db
        .updateTable('users')
        .set({
          first_name: 'Zed',
          last_name: `Quorrin${index}`,
          created_at: new Date(Date.UTC(2030, 0, 1, 0, 0, index)),
        })
        .where('id', '=', student.id)
        .execute();
    const tutor = await createTutor(db, { firstName: 'Zed', lastName: 'Quorrin_tutor' });
    await db
      .updateTable('users')
      .set({ created_at: new Date(Date.UTC(2029, 0, 1)) })
      .where('id', '=', tutor.userId)
      .execute();

    const first = await search('q=zED%20quorRIN');
    expect(first.total).toBe(USERS_PAGE_SIZE + 2);
    expect(first.totalPages).toBe(2);
    expect(first.users).toHaveLength(USERS_PAGE_SIZE);
    expect(first.users[0]!.id).toBe(students.at(-1)!.id);
    const second = await search('q=zed%20quorrin&page=2');
    expect(second.users.map((user) => user.id)).toEqual([students[0]!.id, tutor.userId]);
    // A page past the last is the last.
    expect((await search('q=zed%20quorrin&page=9')).page).toBe(2);

    // By email, in any case.
    const byEmail = await search(`q=${encodeURIComponent(students[3]!.email.toUpperCase())}`);
    expect(byEmail.users.map((user) => user.id)).toEqual([students[3]!.id]);
    // '_' is a plain character, not "any one character".
    const underscore = await search('q=quorrin_');
    expect(underscore.users.map((user) => user.id)).toEqual([tutor.userId]);
    expect((await search('q=quorrin%25tutor')).total).toBe(0);

    const tutors = await search('q=quorrin&role=tutor');
    expect(tutors.users).toEqual([
      expect.objectContaining({ id: tutor.userId, role: 'tutor', approvalStatus: 'pending' }),
    ]);
    await db
      .updateTable('users')
      .set({ suspended_at: new Date(), suspension_reason: 'Spam' })
      .where('id', '=', students[5]!.id)
      .execute();
    await db
      .updateTable('users')
      .set({ closed_at: new Date() })
      .where('id', '=', students[6]!.id)
      .execute();
    const suspended = await search('q=quorrin&status=suspended');
    expect(suspended.users.map((user) => [user.id, user.status])).toEqual([
      [students[5]!.id, 'suspended'],
    ]);
    expect((await search('q=quorrin&status=closed')).users.map((user) => user.id)).toEqual([
      students[6]!.id,
    ]);
    expect((await search('q=quorrin&status=active')).total).toBe(USERS_PAGE_SIZE);
    // Empty filters are no filters (a form sends them so).
    expect((await search('q=quorrin&role=&status=')).total).toBe(USERS_PAGE_SIZE + 2);

    const bad = await admin.client.get('/api/admin/users?role=owner&page=0');
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields).toMatchObject({
      role: M.badRole,
      page: DISCOVERY_MESSAGES.searchPage,
    });
  });

  it('shows one account: role, status, lessons as either party, reports about and by them', async () => {
    const db = t.database.db;
    const student = await createStudent(t, { firstName: 'Pia', lastName: 'Page' });
    const tutor = await createTutor(db, { firstName: 'Tom', lastName: 'Teach' });
    const now = new Date();
    await createLesson(db, {
      tutor,
      studentId: student.id,
      start: new Date(now.getTime() + 2 * DAY),
    });
    await createLesson(db, {
      tutor,
      studentId: student.id,
      start: new Date(now.getTime() - 2 * DAY),
      status: 'completed',
    });
    await createLesson(db, {
      tutor,
      studentId: student.id,
      start: new Date(now.getTime() - 3 * DAY),
      status: 'canceled',
    });
    await db
      .insertInto('reports')
      .values([
        {
          reporter_id: tutor.userId,
          kind: 'user',
          reported_user_id: student.id,
          reason: 'abuse',
          details: 'Rude',
          created_at: now,
        },
        {
          reporter_id: student.id,
          kind: 'user',
          reported_user_id: tutor.userId,
          reason: 'fraud',
          created_at: now,
        },
      ])
      .execute();

    const page = await admin.client.get(`/api/admin/users/${student.id}`);
    expect(page.status, page.text).toBe(200);
    expect(page.json).toMatchObject({
      id: student.id,
      name: 'Pia Page',
      role: 'student',
      status: 'active',
      suspension: null,
      approvalStatus: null,
      lessonCounts: { upcoming: 1, completed: 1, canceled: 1 },
      futureLessons: 1,
      reportsAbout: [{ reason: 'abuse', details: 'Rude', status: 'open', otherName: 'Tom Teach' }],
      reportsBy: [{ reason: 'fraud', status: 'open', otherName: 'Tom Teach' }],
    });
    expect(page.json.recentLessons.map((lesson: { status: string }) => lesson.status)).toEqual([
      'scheduled',
      'completed',
      'canceled',
    ]);
    expect(page.json.recentLessons[0]).toMatchObject({ as: 'student', otherName: 'Tom Teach' });

    const tutorPage = await admin.client.get(`/api/admin/users/${tutor.userId}`);
    expect(tutorPage.json).toMatchObject({
      role: 'tutor',
      approvalStatus: 'pending',
      lessonCounts: { upcoming: 1, completed: 1, canceled: 1 },
    });
    expect(tutorPage.json.recentLessons[0]).toMatchObject({ as: 'tutor', otherName: 'Pia Page' });

    const unknown = await admin.client.get('/api/admin/users/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toBe(M.userNotFound);
    expect((await admin.client.get('/api/admin/users/nonsense')).status).toBe(404);
  });
});
