import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TUTOR_PROFILE_MESSAGES as M } from '../../../domain/messages';
import { signUpAndVerify } from '../../test/accounts';
import type { TestClient } from '../../test/http-client';
import { fileForm, postForm } from '../../test/multipart';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { wizardSteps as steps } from '../../test/wizard-steps';

describe.each(TEST_DRIVERS)('tutor profile wizard on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(async () => {
    await t.close();
  });

  async function uploadAvatar(client: TestClient): Promise<string> {
    const png = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#3366cc' },
    })
      .png()
      .toBuffer();
    const response = await postForm(
      t.url,
      '/api/uploads/avatar',
      client,
      fileForm(png, 'me.png', 'image/png'),
    );
    return ((await response.json()) as { path: string }).path;
  }

  it('refuses students on every wizard and availability route', async () => {
    const { client: student } = await signUpAndVerify(t.url, t.inbox, 'student');
    const calls = [
      student.get('/api/tutor/profile-draft'),
      student.get('/api/tutor/profile'),
      student.request('PUT', '/api/tutor/profile-draft/basic_info', {}),
      student.post('/api/tutor/profile/submit'),
      student.get('/api/tutor/availability'),
      student.request('PUT', '/api/tutor/availability', { timezone: 'UTC', slots: [] }),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(403);
  });

  it('saves each step, keeps progress on the server, and submits one profile', async () => {
    const { client: tutor, email } = await signUpAndVerify(t.url, t.inbox, 'tutor');
    const data = steps(await uploadAvatar(tutor));

    const empty = await tutor.get('/api/tutor/profile-draft');
    expect(empty.json).toMatchObject({
      completedSteps: [],
      resumeStep: 'basic_info',
      isProfileCompleted: false,
    });

    const early = await tutor.post('/api/tutor/profile/submit');
    expect(early.status).toBe(400);
    expect(early.json.error.message).toBe(M.stepInvalid);

    for (const [step, body] of Object.entries(data)) {
      const saved = await tutor.request('PUT', `/api/tutor/profile-draft/${step}`, body);
      expect(saved.status, `${step}: ${saved.text}`).toBe(200);
    }
    // Another device sees the same progress.
    const elsewhere = await tutor.get('/api/tutor/profile-draft');
    expect(elsewhere.json.completedSteps).toEqual([
      'basic_info',
      'education',
      'subjects',
      'teaching_style',
      'media',
      'availability',
    ]);
    expect(elsewhere.json.draft.basic_info.hourlyRateCents).toBe(3250);
    expect(elsewhere.json.avatarUrl).toMatch(/^\/api\/files\//);

    expect((await tutor.get('/api/tutor/profile')).status).toBe(404);
    const [first, second] = await Promise.all([
      tutor.post('/api/tutor/profile/submit'),
      tutor.post('/api/tutor/profile/submit'),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.json.tutorProfileId).toBe(first.json.tutorProfileId);
    // The tutor finds their own public profile by this id (their packages screen does).
    const own = await tutor.get('/api/tutor/profile');
    expect(own.json).toEqual({ tutorProfileId: first.json.tutorProfileId });
    expect(first.json.redirectTo).toBe('/tutor/overview');

    const db = t.database.db;
    const user = await db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      is_profile_completed: true,
      timezone: 'Europe/Lisbon',
      country: 'Portugal',
      language: 'Portuguese',
    });
    const profiles = await db
      .selectFrom('tutor_profiles')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(profiles).toHaveLength(1);
    expect(profiles[0]).toMatchObject({
      hourly_rate_cents: 3250,
      is_verified: false,
      teaching_style: 'structured',
    });
    const subjects = await db
      .selectFrom('tutor_subjects')
      .innerJoin('subjects', 'subjects.id', 'tutor_subjects.subject_id')
      .select(['subjects.name', 'proficiency_level'])
      .where('tutor_profile_id', '=', profiles[0]!.id)
      .orderBy('subjects.name')
      .execute();
    expect(subjects).toEqual([
      { name: 'Mathematics', proficiency_level: 'expert' },
      { name: 'Physics', proficiency_level: 'advanced' },
    ]);
    expect(
      await db
        .selectFrom('tutor_certificates')
        .select('name')
        .where('tutor_profile_id', '=', profiles[0]!.id)
        .execute(),
    ).toEqual([{ name: 'CELTA' }]);
    expect((await tutor.get('/api/auth/session')).json.user.isProfileCompleted).toBe(true);
    // The new profile is findable by name and subject at once.
    expect(profiles[0]!.search_text).toContain('mathematics');
    expect(profiles[0]!.search_text).toContain('sam jones');

    const availability = await tutor.get('/api/tutor/availability');
    expect(availability.json).toEqual({
      timezone: 'Europe/Lisbon',
      slots: data.availability.slots,
      weeklyHours: 7.5,
    });
  });

  it('keeps every step when the six are saved at once', async () => {
    const { client: tutor } = await signUpAndVerify(t.url, t.inbox, 'tutor');
    const data = steps(await uploadAvatar(tutor));
    const saves = await Promise.all(
      Object.entries(data).map(([step, body]) =>
        tutor.request('PUT', `/api/tutor/profile-draft/${step}`, body),
      ),
    );
    for (const saved of saves) expect(saved.status, saved.text).toBe(200);

    const { json } = await tutor.get('/api/tutor/profile-draft');
    expect(json.completedSteps).toEqual(Object.keys(data));
    expect(json.draft).toEqual(data);
    expect(json.resumeStep).toBe('availability');
  });

  it("keeps a tutor's search words in step with later edits of name, bio and subjects", async () => {
    const { client: tutor, email } = await signUpAndVerify(t.url, t.inbox, 'tutor');
    for (const [step, body] of Object.entries(steps(await uploadAvatar(tutor))))
      await tutor.request('PUT', `/api/tutor/profile-draft/${step}`, body);
    const { tutorProfileId } = (await tutor.post('/api/tutor/profile/submit')).json;
    const db = t.database.db;
    const search = () =>
      db
        .selectFrom('tutor_profiles')
        .innerJoin('tutor_search', 'tutor_search.tutor_profile_id', 'tutor_profiles.id')
        .select(['search_text', sql<string[]>`tsvector_to_array(words)`.as('words')])
        .where('id', '=', tutorProfileId)
        .executeTakeFirstOrThrow();
    expect(await search()).toMatchObject({
      search_text: expect.stringContaining('sam jones mathematics physics'),
      words: expect.arrayContaining(['sam', 'jones', 'mathematics', 'physics']),
    });

    await db.updateTable('users').set({ last_name: 'Okafor' }).where('email', '=', email).execute();
    await db
      .updateTable('tutor_profiles')
      .set({ bio: 'Calculus without tears: patient, structured lessons for every level.' })
      .where('id', '=', tutorProfileId)
      .execute();
    const physics = await db
      .selectFrom('subjects')
      .select('id')
      .where('name', '=', 'Physics')
      .executeTakeFirstOrThrow();
    await db
      .deleteFrom('tutor_subjects')
      .where('tutor_profile_id', '=', tutorProfileId)
      .where('subject_id', '=', physics.id)
      .execute();

    const after = await search();
    expect(after.search_text).toBe(
      'sam okafor mathematics calculus without tears: patient, structured lessons for every level.',
    );
    expect(after.words).toEqual(expect.arrayContaining(['okafor', 'calculus', 'mathematics']));
    expect(after.words).not.toContain('jones');
    expect(after.words).not.toContain('physics');
  });

  it('answers every invalid step with its message and stores nothing', async () => {
    const { client: tutor } = await signUpAndVerify(t.url, t.inbox, 'tutor');
    const { client: stranger } = await signUpAndVerify(t.url, t.inbox, 'tutor');
    const data = steps(await uploadAvatar(tutor));
    const cases: [string, unknown, string][] = [
      ['basic_info', { ...data.basic_info, bio: 'too short' }, M.bioTooShort],
      ['basic_info', { ...data.basic_info, hourlyRateCents: 50_000 }, 'Maximum rate is $200'],
      ['education', { ...data.education, yearOfGraduation: 2090 }, M.graduationYearTooLate],
      ['subjects', { ...data.subjects, subjects: [] }, M.subjectRequired],
      [
        'teaching_style',
        { ...data.teaching_style, specializations: [] },
        M.specializationsRequired,
      ],
      ['media', { ...data.media, videoUrl: 'https://example.com/video' }, M.videoUrlInvalid],
      ['media', { ...data.media, avatarPath: await uploadAvatar(stranger) }, M.avatarRequired],
      ['availability', { ...data.availability, slots: [] }, M.availabilityRequired],
      ['availability', { ...data.availability, timezone: 'Nowhere/Land' }, M.timezoneInvalid],
    ];
    for (const [step, body, message] of cases) {
      const response = await tutor.request('PUT', `/api/tutor/profile-draft/${step}`, body);
      expect(response.status, step).toBe(400);
      expect(response.json.error.message).toBe(message);
    }
    const unknownStep = await tutor.request('PUT', '/api/tutor/profile-draft/payment', {});
    expect(unknownStep.status).toBe(400);
    expect((await tutor.get('/api/tutor/profile-draft')).json.completedSteps).toEqual([]);
  });

  it('replaces availability from the schedule page, allowing an empty week', async () => {
    const { client: tutor } = await signUpAndVerify(t.url, t.inbox, 'tutor');
    expect((await tutor.get('/api/tutor/availability')).status).toBe(404);
    const data = steps(await uploadAvatar(tutor));
    for (const [step, body] of Object.entries(data))
      await tutor.request('PUT', `/api/tutor/profile-draft/${step}`, body);
    await tutor.post('/api/tutor/profile/submit');

    const overlap = await tutor.request('PUT', '/api/tutor/availability', {
      timezone: 'America/New_York',
      slots: [
        { dayOfWeek: 2, startTime: '09:00', endTime: '11:00' },
        { dayOfWeek: 2, startTime: '10:00', endTime: '12:00' },
      ],
    });
    expect(overlap.status).toBe(400);
    expect(overlap.json.error.message).toBe(M.slotsOverlap);

    const updated = await tutor.request('PUT', '/api/tutor/availability', {
      timezone: 'America/New_York',
      slots: [{ dayOfWeek: 5, startTime: '18:00', endTime: '24:00' }],
    });
    expect(updated.json).toEqual({
      timezone: 'America/New_York',
      slots: [{ dayOfWeek: 5, startTime: '18:00', endTime: '24:00' }],
      weeklyHours: 6,
    });
    const cleared = await tutor.request('PUT', '/api/tutor/availability', {
      timezone: 'America/New_York',
      slots: [],
    });
    expect(cleared.json).toEqual({ timezone: 'America/New_York', slots: [], weeklyHours: 0 });
  });
});
