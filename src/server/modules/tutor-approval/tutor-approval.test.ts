import type { ProfileStepCode } from '../../../domain/reference/reference-defaults';
import { describe, expect, it } from 'vitest';
import type { ApprovalItem, OwnApproval } from '../../../contracts/tutor-approval.contract';
import { APPROVAL_MESSAGES as M } from '../../../domain/admin/approval-messages';
import { BOOKING_MESSAGES } from '../../../domain/messages';
import { signUpAndVerify } from '../../test/accounts';
import { uploadAvatar } from '../../test/avatar-upload';
import {
  createLesson,
  createSignedInTutor,
  createStudent,
  createTutor,
  type TestStudent,
} from '../../test/factories';
import { fixedClockApp } from '../../test/fixed-clock-app';
import type { TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { announcementsHeard } from '../../test/announced-changes';
import { wizardSteps } from '../../test/wizard-steps';
import { createAdmin } from '../../test/admin-fixtures';
import {
  MORNING_TEACHING,
  NOW,
  trialBooking,
  VIEWER_ZONE,
  viewerDate,
} from '../../test/tokyo-mornings';
import { bookLesson, getLesson, getSlots } from '../../../contracts/booking.contract';
import {
  getOwnApproval,
  getTutorApproval,
  listTutorApprovals,
  resubmitProfile,
} from '../../../contracts/tutor-approval.contract';
import { saveProfileStep, submitProfile } from '../../../contracts/tutor-profile.contract';
import {
  getReviews,
  getSuggestions,
  getTutorProfile,
  searchTutors,
} from '../../../contracts/tutors.contract';

// The tutor approval queue on each database, on a fixed clock: admins see pending profiles
// oldest first and decide each once; the tutor is told (bell and email), the audit log and the
// history keep the decision; a rejected tutor leaves search, profile and booking until they
// resubmit and are approved.

const DAY = 86_400_000;
const rejection = { reason: 'photo', note: 'Please use a photo where your face is visible.' };

describe.each(TEST_DRIVERS)('tutor approval on %s', (driver) => {
  let t: TestApp;
  const clock = fixedClockApp(driver, NOW, (app) => (t = app));

  const pendingTutor = async (
    names: { firstName: string; lastName: string },
    submittedAt?: Date,
  ) => {
    const tutor = await createSignedInTutor(t, { ...MORNING_TEACHING, ...names });
    if (submittedAt)
      await t.database.db
        .updateTable('tutor_profiles')
        .set({ submitted_at: submittedAt })
        .where('id', '=', tutor.id)
        .execute();
    return tutor;
  };
  const queue = async (admin: TestStudent, page = 1) => {
    const response = await admin.client.call(listTutorApprovals, { query: { page } });
    return response as { items: ApprovalItem[]; total: number; totalPages: number };
  };
  const decide = (admin: TestStudent, id: string, action: 'approve' | 'reject', body: object) =>
    admin.client.post(`/api/admin/tutor-approvals/${id}/${action}`, body);
  const auditOf = (userId: string) =>
    t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_user_id', '=', userId)
      .orderBy('id')
      .execute();
  const notificationsOf = (userId: string) =>
    t.database.db
      .selectFrom('notifications')
      .select('kind')
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  it('lists pending profiles oldest first with the whole profile, paged, and only to admins', async () => {
    const admin = await createAdmin(t);
    // Older than anything else in this database: they lead the queue, in this order.
    const second = await pendingTutor(
      { firstName: 'Omar', lastName: 'Haddad' },
      new Date('2001-01-02T00:00:00Z'),
    );
    const first = await pendingTutor(
      { firstName: 'Ines', lastName: 'Duarte' },
      new Date('2001-01-01T00:00:00Z'),
    );
    const suspended = await pendingTutor(
      { firstName: 'Sus', lastName: 'Pended' },
      new Date('2000-01-01T00:00:00Z'),
    );
    await t.database.db
      .updateTable('users')
      .set({ suspended_at: NOW, suspension_reason: 'Fraud' })
      .where('id', '=', suspended.userId)
      .execute();

    const { items, total } = await queue(admin);
    expect(items.slice(0, 2).map((item) => item.profileId)).toEqual([first.id, second.id]);
    expect(items.map((item) => item.profileId)).not.toContain(suspended.id);
    const submitted = items.map((item) => item.submittedAt);
    expect(submitted).toEqual([...submitted].sort());
    expect(total).toBeGreaterThanOrEqual(2);
    expect(items[0]).toMatchObject({
      status: 'pending',
      email: first.email,
      history: [],
      profile: {
        id: first.id,
        name: 'Ines Duarte',
        isVerified: false,
        videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        subjects: [{ name: 'Mathematics', level: 'expert' }],
        availability: { timezone: 'Asia/Tokyo' },
      },
    });
    expect(items[0]!.profile.availability.slots.length).toBeGreaterThan(0);

    const one = await admin.client.call(getTutorApproval, { params: { id: second.id } });
    expect(one.item.profileId).toBe(second.id);
    expect(
      (await admin.client.callError(getTutorApproval, { params: { id: 'nope' } })).status,
    ).toBe(404);
    expect(
      (await admin.client.callError(listTutorApprovals, { query: { page: '0' } })).status,
    ).toBe(400);

    // Students and tutors are refused every admin route.
    const student = await createStudent(t);
    for (const client of [student.client, first.client]) {
      expect((await client.callError(listTutorApprovals)).status).toBe(403);
      expect(
        (await client.post(`/api/admin/tutor-approvals/${second.id}/approve`, {})).status,
      ).toBe(403);
    }
  });

  it('rejects with a reason: the tutor is told, leaves search, profile and booking, then resubmits and is approved', async () => {
    const admin = await createAdmin(t, { firstName: 'Grace', lastName: 'Hopper' });
    const tutor = await pendingTutor({ firstName: 'Tomas', lastName: 'Lindqvist' });
    const student = await createStudent(t);
    // A lesson booked before the rejection stays.
    const booked = await createLesson(t.database.db, {
      tutor,
      studentId: student.id,
      start: new Date(NOW.getTime() + 5 * DAY),
    });
    /** What the student finds once the changes before are announced (ADR 047). */
    const found = async () => {
      await announcementsHeard(t.database);
      return (
        (await student.client.call(searchTutors, { query: { q: 'Lindqvist' } })) as {
          tutors: { id: string; isVerified: boolean }[];
        }
      ).tutors;
    };
    expect(await found()).toEqual([expect.objectContaining({ id: tutor.id, isVerified: false })]);

    // Bad input: a clear 400, nothing decided.
    for (const body of [
      { note: 'x' },
      { reason: 'photo' },
      { reason: 'photo', note: '  ' },
      { reason: 'nope', note: 'x' },
      { reason: 'photo', note: 'x'.repeat(1001) },
    ]) {
      const bad = await decide(admin, tutor.id, 'reject', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    const mails = t.inbox.countTo(tutor.email);
    const rejected = await decide(admin, tutor.id, 'reject', rejection);
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.json.item).toMatchObject({
      status: 'rejected',
      history: [
        {
          decision: 'rejected',
          reason: 'photo',
          reasonLabel: 'Profile photo',
          note: rejection.note,
          admin: 'Grace Hopper',
          createdAt: NOW.toISOString(),
        },
      ],
    });
    // Decided once: a second decision (another admin at the same time) is a conflict.
    const again = await decide(admin, tutor.id, 'approve', {});
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(M.alreadyDecided('rejected'));

    const mail = await t.inbox.waitFor(tutor.email, { afterCount: mails });
    expect(mail.subject).toBe('Your Tutora profile needs changes');
    expect(mail.text).toContain('Reason: Profile photo');
    expect(mail.text).toContain(rejection.note);
    expect(mail.text).toContain(`${t.url}/tutor/profile`);
    expect(await notificationsOf(tutor.userId)).toEqual([{ kind: 'profile_rejected' }]);
    expect(await auditOf(tutor.userId)).toMatchObject([
      { action: 'tutor_rejected', admin_id: admin.id, reason: `Profile photo: ${rejection.note}` },
    ]);

    // Gone for students: search, suggestions, profile, reviews, slots, booking; the booked
    // lesson stays.
    expect(await found()).toEqual([]);
    const suggested = await student.client.call(getSuggestions, { query: { q: 'Lindqvist' } });
    expect(suggested.suggestions).toEqual([]);
    expect((await student.client.callError(getReviews, { params: { id: tutor.id } })).status).toBe(
      404,
    );
    const profile = await student.client.get(`/api/tutors/${tutor.id}`);
    expect(profile.status).toBe(404);
    expect(profile.json.error.message).toBe(BOOKING_MESSAGES.tutorNotFound);
    const slots = await student.client.callError(getSlots, {
      params: { id: tutor.id },
      query: { fromDate: viewerDate(3), days: '1', viewerZone: VIEWER_ZONE },
    });
    expect(slots.status).toBe(404);
    const booking = await student.client.callError(bookLesson, { body: trialBooking(tutor) });
    expect(booking.status).toBe(404);
    expect(booking.message).toBe(BOOKING_MESSAGES.tutorNotFound);
    await student.client.call(getLesson, { params: { id: booked } });
    // ...but the admin still reads the profile.
    await admin.client.call(getTutorApproval, { params: { id: tutor.id } });

    // The tutor reads why, and resubmits once.
    const own = await tutor.client.call(getOwnApproval);
    expect(own as OwnApproval).toMatchObject({
      status: 'rejected',
      latestRejection: { reasonLabel: 'Profile photo', note: rejection.note, admin: null },
    });
    clock.set(new Date(NOW.getTime() + DAY));
    const resubmitted = await tutor.client.call(resubmitProfile);
    expect(resubmitted).toMatchObject({
      status: 'pending',
      submittedAt: new Date(NOW.getTime() + DAY).toISOString(),
      history: [{ decision: 'rejected' }],
    });
    const twice = await tutor.client.post('/api/tutor/approval/resubmit');
    expect(twice.status).toBe(409);
    expect(twice.json.error.message).toBe(M.notRejected);
    expect(
      (await admin.client.call(getTutorApproval, { params: { id: tutor.id } })).item.status,
    ).toBe('pending');
    // Pending again: listed without the tick.
    expect(await found()).toEqual([expect.objectContaining({ id: tutor.id, isVerified: false })]);
    expect(
      (await student.client.call(getSuggestions, { query: { q: 'Lindqvist' } })).suggestions,
    ).toEqual(['Tomas Lindqvist']);

    // Approved: the tick on the card and the profile, the tutor told, everything kept.
    const approvedMails = t.inbox.countTo(tutor.email);
    const approved = await decide(admin, tutor.id, 'approve', {});
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json.item.history.map((entry: { decision: string }) => entry.decision)).toEqual(
      ['approved', 'rejected'],
    );
    expect(await found()).toEqual([expect.objectContaining({ id: tutor.id, isVerified: true })]);
    expect(
      (await student.client.call(getTutorProfile, { params: { id: tutor.id } })).isVerified,
    ).toBe(true);
    const approvedMail = await t.inbox.waitFor(tutor.email, { afterCount: approvedMails });
    expect(approvedMail.subject).toBe('Your Tutora profile is approved');
    expect(await notificationsOf(tutor.userId)).toEqual([
      { kind: 'profile_rejected' },
      { kind: 'profile_approved' },
    ]);
    expect((await auditOf(tutor.userId)).map((row) => row.action)).toEqual([
      'tutor_rejected',
      'tutor_approved',
    ]);
    // Approved: no resubmit, no second decision from the queue...
    expect((await tutor.client.callError(resubmitProfile)).status).toBe(409);
    expect((await decide(admin, tutor.id, 'reject', rejection)).status).toBe(409);

    // ...but an admin can send the approved profile back for changes, with a reason: the
    // tutor is told and leaves search until they resubmit.
    const sendBack = (body: object, userId = tutor.userId) =>
      admin.client.post(`/api/admin/users/${userId}/send-back-for-review`, body);
    expect((await sendBack({ reason: 'photo' })).status).toBe(400);
    expect((await sendBack(rejection, student.id)).status).toBe(404);
    expect(
      (
        await student.client.post(
          `/api/admin/users/${tutor.userId}/send-back-for-review`,
          rejection,
        )
      ).status,
    ).toBe(403);
    const sentBackMails = t.inbox.countTo(tutor.email);
    const sentBack = await sendBack({ reason: 'other', note: 'Students report a wrong subject.' });
    expect(sentBack.status, sentBack.text).toBe(204);
    expect((await tutor.client.call(getOwnApproval)).status).toBe('rejected');
    expect(await found()).toEqual([]);
    const sentBackMail = await t.inbox.waitFor(tutor.email, { afterCount: sentBackMails });
    expect(sentBackMail.subject).toBe('Your Tutora profile needs changes');
    expect(sentBackMail.text).toContain('Students report a wrong subject.');
    expect((await auditOf(tutor.userId)).map((row) => row.action)).toEqual([
      'tutor_rejected',
      'tutor_approved',
      'tutor_rejected',
    ]);
    // Only an approved profile is sent back: not twice, not a pending one.
    const twiceBack = await sendBack(rejection);
    expect(twiceBack.status).toBe(409);
    expect(twiceBack.json.error.message).toBe(M.notApproved);
    await tutor.client.call(resubmitProfile);
    expect((await sendBack(rejection)).status).toBe(409);
    expect((await sendBack(rejection, crypto.randomUUID())).status).toBe(404);
    expect((await sendBack(rejection, 'not-a-user')).status).toBe(404);
  });

  it('decides once when two admins decide at the same time', async () => {
    const [one, two] = [await createAdmin(t), await createAdmin(t)];
    const tutor = await pendingTutor({ firstName: 'Priya', lastName: 'Raman' });
    const answers = await Promise.all([
      decide(one, tutor.id, 'approve', {}),
      decide(two, tutor.id, 'reject', rejection),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const decisions = await t.database.db
      .selectFrom('tutor_profile_decisions')
      .select('decision')
      .where('tutor_profile_id', '=', tutor.id)
      .execute();
    expect(decisions).toHaveLength(1);
    expect(await auditOf(tutor.userId)).toHaveLength(1);
  });

  it("queues a profile submitted by the wizard at the app clock's time, listed without the tick", async () => {
    const admin = await createAdmin(t);
    const { client: tutor } = await signUpAndVerify(t.url, t.inbox, 'tutor');
    const before = await tutor.callError(getOwnApproval);
    expect(before.status).toBe(404);
    for (const [step, body] of Object.entries(wizardSteps(await uploadAvatar(t.url, tutor)))) {
      await tutor.call(saveProfileStep, { params: { step: step as ProfileStepCode }, body });
    }
    clock.set(new Date(NOW.getTime() + 2 * DAY));
    const submitted = await tutor.call(submitProfile);
    const own = await tutor.call(getOwnApproval);
    expect(own).toMatchObject({
      status: 'pending',
      submittedAt: new Date(NOW.getTime() + 2 * DAY).toISOString(),
      latestRejection: null,
      history: [],
    });
    const profileId = submitted.tutorProfileId as string;
    const item = await admin.client.call(getTutorApproval, { params: { id: profileId } });
    expect(item.item).toMatchObject({ status: 'pending', profile: { isVerified: false } });
    expect(
      (await decide(admin, '00000000-0000-4000-8000-000000000000', 'approve', {})).status,
    ).toBe(404);
    // Students see a pending tutor's profile, without the tick.
    const student = await createStudent(t);
    const profile = await student.client.call(getTutorProfile, { params: { id: profileId } });
    expect(profile.isVerified).toBe(false);
  });

  it('decides nothing for a suspended tutor, and a profile written for a suspended account stays unlisted', async () => {
    const admin = await createAdmin(t);
    const tutor = await pendingTutor({ firstName: 'Omar', lastName: 'Haddad' });
    const db = t.database.db;
    await db
      .updateTable('users')
      .set({ suspended_at: NOW, suspension_reason: 'Fake certificates' })
      .where('id', '=', tutor.userId)
      .execute();
    const refused = await decide(admin, tutor.id, 'approve', {});
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json.error.message).toBe(M.accountNotOpen);
    expect(await auditOf(tutor.userId)).toEqual([]);
    expect(await notificationsOf(tutor.userId)).toEqual([]);
    // A profile inserted while the account is suspended (a late wizard submit) gets no search row.
    const listed = async (profileId: string) =>
      (await db
        .selectFrom('tutor_search')
        .select('tutor_profile_id')
        .where('tutor_profile_id', '=', profileId)
        .executeTakeFirst()) !== undefined;
    expect(await listed(tutor.id)).toBe(false);
    await db.deleteFrom('tutor_profiles').where('id', '=', tutor.id).execute();
    const again = await createTutor(db, { userId: tutor.userId });
    expect(await listed(again.id)).toBe(false);
    await db
      .updateTable('users')
      .set({ suspended_at: null, suspension_reason: null })
      .where('id', '=', tutor.userId)
      .execute();
    expect(await listed(again.id)).toBe(true);
  });
});
