import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSession } from '../../../contracts/auth.contract';
import {
  getAvailability,
  getOwnProfileId,
  getProfileDraft,
  getProfileSections,
  saveAvailability,
  saveProfileSection,
  saveProfileStep,
  submitProfile,
} from '../../../contracts/tutor-profile.contract';
import { getTutorProfile, searchTutors } from '../../../contracts/tutors.contract';
import { TEXT_MESSAGES, TUTOR_PROFILE_MESSAGES as M } from '../../../domain/messages';
import type { ProfileStepCode } from '../../../domain/reference/reference-defaults';
import { signUpAndVerify } from '../../test/accounts';
import { uploadAvatar } from '../../test/avatar-upload';
import { createSignedInTutor } from '../../test/factories';
import type { TestClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { wizardSteps as steps } from '../../test/wizard-steps';

/** The wizard's steps with their bodies, keyed by step code. */
const stepsOf = (data: object) =>
  Object.entries(data) as [ProfileStepCode, Record<string, unknown>][];
/** Fills in every step and submits: the tutor's new profile id. */
async function submitWizard(tutor: TestClient, data: object) {
  for (const [step, body] of stepsOf(data))
    await tutor.call(saveProfileStep, { params: { step }, body });
  return (await tutor.call(submitProfile)).tutorProfileId;
}

describe.each(TEST_DRIVERS)('tutor profile wizard on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses students on every wizard and availability route', async () => {
    const { client: student } = await signUpAndVerify(t.url, t.inbox, 'student');
    const calls = [
      student.callError(getProfileDraft),
      student.callError(getOwnProfileId),
      student.callError(saveProfileStep, { params: { step: 'basic_info' }, body: {} }),
      student.callError(submitProfile),
      student.callError(getAvailability),
      student.callError(saveAvailability, { body: { timezone: 'UTC', slots: [] } }),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(403);
  });

  it('saves each step, keeps progress on the server, and submits one profile', async () => {
    const { client: tutor, email } = await signUpAndVerify(t.url, t.inbox, 'tutor');
    const data = steps(await uploadAvatar(t.url, tutor));

    const empty = await tutor.call(getProfileDraft);
    expect(empty).toMatchObject({
      completedSteps: [],
      resumeStep: 'basic_info',
      isProfileCompleted: false,
    });

    const early = await tutor.callError(submitProfile);
    expect(early).toMatchObject({ status: 400, message: M.stepInvalid });

    for (const [step, body] of stepsOf(data))
      await tutor.call(saveProfileStep, { params: { step }, body });
    // Another device sees the same progress.
    const elsewhere = await tutor.call(getProfileDraft);
    expect(elsewhere.completedSteps).toEqual([
      'basic_info',
      'education',
      'subjects',
      'teaching_style',
      'media',
      'availability',
    ]);
    expect(elsewhere.draft.basic_info).toMatchObject({ hourlyRateCents: 3250 });
    expect(elsewhere.avatarUrl).toMatch(/^\/api\/files\//);

    expect((await tutor.callError(getOwnProfileId)).status).toBe(404);
    const [first, second] = await Promise.all([
      tutor.call(submitProfile),
      tutor.call(submitProfile),
    ]);
    expect(second.tutorProfileId).toBe(first.tutorProfileId);
    // The tutor finds their own public profile by this id (their packages screen does).
    const own = await tutor.call(getOwnProfileId);
    expect(own).toEqual({ tutorProfileId: first.tutorProfileId });
    expect(first.redirectTo).toBe('/tutor/overview');

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
    expect((await tutor.call(getSession)).user?.isProfileCompleted).toBe(true);
    // The new profile is findable by name and subject at once.
    expect(profiles[0]!.search_text).toContain('mathematics');
    expect(profiles[0]!.search_text).toContain('sam jones');

    const availability = await tutor.call(getAvailability);
    expect(availability).toEqual({
      timezone: 'Europe/Lisbon',
      slots: data.availability.slots,
      weeklyHours: 7.5,
    });
  });

  it('keeps every step when the six are saved at once', async () => {
    const { client: tutor } = await signUpAndVerify(t.url, t.inbox, 'tutor');
    const data = steps(await uploadAvatar(t.url, tutor));
    await Promise.all(
      stepsOf(data).map(([step, body]) => tutor.call(saveProfileStep, { params: { step }, body })),
    );

    const draft = await tutor.call(getProfileDraft);
    expect(draft.completedSteps).toEqual(Object.keys(data));
    expect(draft.draft).toEqual(data);
    expect(draft.resumeStep).toBe('availability');
  });

  it("keeps a tutor's search words in step with later edits of name, bio and subjects", async () => {
    const { client: tutor, email } = await signUpAndVerify(t.url, t.inbox, 'tutor');
    const tutorProfileId = await submitWizard(tutor, steps(await uploadAvatar(t.url, tutor)));
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
    const data = steps(await uploadAvatar(t.url, tutor));
    const cases: [string, unknown, string][] = [
      ['basic_info', { ...data.basic_info, bio: 'too short' }, M.bioTooShort],
      ['basic_info', { ...data.basic_info, hourlyRateCents: 50_000 }, 'Maximum rate is $200'],
      ['education', { ...data.education, yearOfGraduation: 2090 }, M.graduationYearTooLate],
      [
        'education',
        { ...data.education, educationTitle: 'MSc\r\nBcc: all@example.com' },
        TEXT_MESSAGES.singleLine,
      ],
      ['education', { ...data.education, university: 'MIT\u0007' }, TEXT_MESSAGES.singleLine],
      ['subjects', { ...data.subjects, subjects: [] }, M.subjectRequired],
      [
        'teaching_style',
        { ...data.teaching_style, specializations: [] },
        M.specializationsRequired,
      ],
      ['media', { ...data.media, videoUrl: 'https://example.com/video' }, M.videoUrlInvalid],
      [
        'media',
        { ...data.media, avatarPath: await uploadAvatar(t.url, stranger) },
        M.avatarRequired,
      ],
      ['availability', { ...data.availability, slots: [] }, M.availabilityRequired],
      ['availability', { ...data.availability, timezone: 'Nowhere/Land' }, M.timezoneInvalid],
    ];
    for (const [step, body, message] of cases) {
      const response = await tutor.callError(saveProfileStep, {
        params: { step: step as ProfileStepCode },
        body,
      });
      expect(response.status, step).toBe(400);
      expect(response.message).toBe(message);
    }
    const unknownStep = await tutor.request('PUT', '/api/tutor/profile-draft/payment', {});
    expect(unknownStep.status).toBe(400);
    expect((await tutor.call(getProfileDraft)).completedSteps).toEqual([]);
  });

  it('keeps exactly one of ten availability sets saved at once, never their union', async () => {
    const tutor = await createSignedInTutor(t);
    // Each set fills the whole week from a later hour (18 h to 9 h a day, all within the cap);
    // any two of them overlap on every day.
    const sets = Array.from({ length: 10 }, (_, index) =>
      Array.from({ length: 7 }, (_, dayOfWeek) => ({
        dayOfWeek,
        startTime: `${String(6 + index).padStart(2, '0')}:00`,
        endTime: '24:00',
      })),
    );
    await Promise.all(
      sets.map((slots) =>
        tutor.client.call(saveAvailability, { body: { timezone: 'UTC', slots } }),
      ),
    );

    const saved = await tutor.client.call(getAvailability);
    expect(sets).toContainEqual(saved.slots);
    expect(saved.weeklyHours).toBeLessThanOrEqual(126);
    const rows = await t.database.db
      .selectFrom('availability_slots')
      .select('id')
      .where('tutor_profile_id', '=', tutor.id)
      .execute();
    expect(rows).toHaveLength(7);
  });

  it('has the database refuse overlapping windows of one tutor, not touching ones', async () => {
    const [first, second] = [await createSignedInTutor(t), await createSignedInTutor(t)];
    const window = (tutorProfileId: string, start: string, end: string) =>
      t.database.db
        .insertInto('availability_slots')
        .values({
          tutor_profile_id: tutorProfileId,
          local_day_of_week: 2,
          local_start_time: start,
          local_end_time: end,
          local_timezone: 'UTC',
        })
        .execute();
    await window(first.id, '09:00', '11:00');
    await window(first.id, '11:00', '12:00');
    await window(second.id, '10:00', '11:30');
    await expect(window(first.id, '10:30', '11:30')).rejects.toMatchObject({ code: '23P01' });
    await expect(window(first.id, '08:00', '24:00')).rejects.toMatchObject({ code: '23P01' });
  });

  it('replaces availability from the schedule page, allowing an empty week', async () => {
    const { client: tutor } = await signUpAndVerify(t.url, t.inbox, 'tutor');
    expect((await tutor.callError(getAvailability)).status).toBe(404);
    await submitWizard(tutor, steps(await uploadAvatar(t.url, tutor)));

    const overlap = await tutor.callError(saveAvailability, {
      body: {
        timezone: 'America/New_York',
        slots: [
          { dayOfWeek: 2, startTime: '09:00', endTime: '11:00' },
          { dayOfWeek: 2, startTime: '10:00', endTime: '12:00' },
        ],
      },
    });
    expect(overlap).toMatchObject({ status: 400, message: M.slotsOverlap });

    const updated = await tutor.call(saveAvailability, {
      body: {
        timezone: 'America/New_York',
        slots: [{ dayOfWeek: 5, startTime: '18:00', endTime: '24:00' }],
      },
    });
    expect(updated).toEqual({
      timezone: 'America/New_York',
      slots: [{ dayOfWeek: 5, startTime: '18:00', endTime: '24:00' }],
      weeklyHours: 6,
    });
    const cleared = await tutor.call(saveAvailability, {
      body: { timezone: 'America/New_York', slots: [] },
    });
    expect(cleared).toEqual({ timezone: 'America/New_York', slots: [], weeklyHours: 0 });
  });

  it('edits a submitted profile step by step: students see it on the profile and in search', async () => {
    const { client: tutor } = await signUpAndVerify(t.url, t.inbox, 'tutor');
    const { client: student } = await signUpAndVerify(t.url, t.inbox, 'student');
    const data = steps(await uploadAvatar(t.url, tutor));
    // Before submission there is no profile to edit.
    expect((await tutor.callError(getProfileSections)).status).toBe(404);
    const early = await tutor.callError(saveProfileSection, {
      params: { step: 'basic_info' },
      body: data.basic_info,
    });
    expect(early.status).toBe(404);
    const tutorProfileId = await submitWizard(tutor, data);

    // The sections read back as the wizard's forms sent them.
    const read = await tutor.call(getProfileSections);
    expect(read.sections).toEqual(data);
    expect(read.avatarUrl).toMatch(/^\/api\/files\//);
    expect((await student.callError(getProfileSections)).status).toBe(403);
    const studentEdit = await student.callError(saveProfileSection, {
      params: { step: 'media' },
      body: {},
    });
    expect(studentEdit.status).toBe(403);

    const search = async (q: string) =>
      (await student.call(searchTutors, { query: { q } })).tutors.map((card) => card.id);
    expect(await search('glaciology')).not.toContain(tutorProfileId);

    const bio =
      'Glaciology field researcher who now teaches chemistry with experiments you can repeat at home, ' +
      'one careful step at a time.';
    const edits: Record<string, unknown> = {
      basic_info: { ...data.basic_info, bio, hourlyRateCents: 4500, countryOfResidence: 'Norway' },
      education: { ...data.education, certificates: [] },
      subjects: {
        subjects: [{ name: 'Chemistry', level: 'expert' }],
        languages: [
          { name: 'English', level: 'fluent' },
          { name: 'Spanish', level: 'conversational' },
        ],
      },
      teaching_style: { ...data.teaching_style, teachingStyle: 'interactive' },
      media: { ...data.media, videoUrl: 'https://vimeo.com/76979871' },
      availability: {
        timezone: 'Europe/Oslo',
        slots: [{ dayOfWeek: 6, startTime: '20:00', endTime: '24:00' }],
      },
    };
    for (const [step, body] of stepsOf(edits)) {
      const saved = await tutor.call(saveProfileSection, { params: { step }, body });
      expect(saved.sections[step]).toEqual(body);
    }

    const profile = await student.call(getTutorProfile, { params: { id: tutorProfileId } });
    expect(profile).toMatchObject({
      bio,
      hourlyRateCents: 4500,
      location: 'Norway',
      teachingStyle: 'interactive',
      videoUrl: 'https://vimeo.com/76979871',
      certificates: [],
      subjects: [expect.objectContaining({ name: 'Chemistry', level: 'expert' })],
      availability: {
        timezone: 'Europe/Oslo',
        slots: [{ dayOfWeek: 6, startTime: '20:00', endTime: '24:00' }],
      },
    });
    expect(profile.languages.map((language) => language.name).sort()).toEqual([
      'English',
      'Spanish',
    ]);
    // Search follows the new bio and subjects, and no longer the old subjects.
    expect(await search('glaciology')).toContain(tutorProfileId);
    expect(await search('chemistry')).toContain(tutorProfileId);
    expect(await search('physics')).not.toContain(tutorProfileId);
    const priced = await student.call(searchTutors, { query: { minPrice: 44, maxPrice: 46 } });
    expect(priced.tutors.map((card) => card.id)).toContain(tutorProfileId);

    // The wizard's rules hold for edits: each bad step is refused with its message, unchanged.
    const refused: [ProfileStepCode, unknown, string][] = [
      ['basic_info', { ...data.basic_info, bio: 'too short' }, M.bioTooShort],
      ['subjects', { ...edits.subjects!, subjects: [] } as unknown, M.subjectRequired],
      ['availability', { timezone: 'Europe/Oslo', slots: [] }, M.availabilityRequired],
    ];
    for (const [step, body, message] of refused) {
      const response = await tutor.callError(saveProfileSection, { params: { step }, body });
      expect(response.status, step).toBe(400);
      expect(response.message).toBe(message);
    }
    const { client: stranger } = await signUpAndVerify(t.url, t.inbox, 'tutor');
    const foreignPhoto = await tutor.callError(saveProfileSection, {
      params: { step: 'media' },
      body: { ...data.media, avatarPath: await uploadAvatar(t.url, stranger) },
    });
    expect(foreignPhoto.message).toBe(M.avatarRequired);
    expect((await tutor.call(getProfileSections)).sections).toEqual(edits);
  });
});
