import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Lesson } from '../../../contracts/booking.contract';
import {
  createTutorPackage,
  getMyPackagesWithTutor,
  getPackageOffers,
  listTutorPackages,
  setTutorPackageActive,
  updateTutorPackage,
} from '../../../contracts/packages.contract';
import {
  API_MESSAGES,
  BOOKING_MESSAGES as M,
  PAYMENT_MESSAGES as P,
  TEXT_MESSAGES,
} from '../../../domain/messages';
import { fixedClock } from '../../adapters/clock';
import { signUpAndVerify } from '../../test/accounts';
import {
  createSignedInTutor,
  createStudent,
  createTutor,
  type TestStudent,
  type TutorOptions,
} from '../../test/factories';
import { queryText, type TestClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import {
  HOUR_SLOTS,
  MORNING_TEACHING,
  NOW,
  VIEWER_ZONE,
  viewerDate,
} from '../../test/tokyo-mornings';
import { packageOfferById } from './package-offers';
import { createBoughtPackage, createPaidLesson } from '../../test/purchase-fixtures';

const DAY = 86_400_000;

describe.each(TEST_DRIVERS)('lesson packages on %s', (driver) => {
  let t: TestApp;
  const clock = fixedClock(NOW);
  beforeAll(async () => {
    t = await startTestApp(driver, {}, { clock });
  });
  beforeEach(() => clock.set(NOW));
  afterAll(async () => {
    await t.close();
  });

  const teaching: TutorOptions = {
    ...MORNING_TEACHING,
    subjects: ['Mathematics', 'English'],
    rateCents: 3000,
  };
  const subjectId = async (name: string) =>
    (
      await t.database.db
        .selectFrom('subjects')
        .select('id')
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).id;
  /** A tutor's own package stored as if created in their area. */
  const tutorPackage = async (
    tutorProfileId: string,
    values: { lessons: number; discount: number; subjectId?: number | null; active?: boolean },
  ) =>
    (
      await t.database.db
        .insertInto('lesson_packages')
        .values({
          tutor_profile_id: tutorProfileId,
          subject_id: values.subjectId ?? null,
          name: `${values.lessons} lessons`,
          number_of_lessons: values.lessons,
          discount_percentage: values.discount,
          validity_days: 90,
          is_active: values.active ?? true,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  /** The offers for a query as the booking modal sends it (`lessonMinutes=50&subjectId=3`). */
  const offers = async (client: TestClient, tutorId: string, query: string) => {
    const params = { id: tutorId };
    return (
      await client.call(getPackageOffers, { params, query: queryText(getPackageOffers, query) })
    ).packages;
  };

  it('offers the platform packages, then the tutor’s own for the subject, priced from the rate', async () => {
    const tutor = await createTutor(t.database.db, teaching);
    const other = await createTutor(t.database.db, teaching);
    const student = await createStudent(t);
    const [maths, english] = [await subjectId('Mathematics'), await subjectId('English')];
    const anySubject = await tutorPackage(tutor.id, { lessons: 4, discount: 10 });
    const forMaths = await tutorPackage(tutor.id, { lessons: 8, discount: 20, subjectId: maths });
    const forEnglish = await tutorPackage(tutor.id, {
      lessons: 6,
      discount: 0,
      subjectId: english,
    });
    await tutorPackage(tutor.id, { lessons: 2, discount: 5, active: false });
    await tutorPackage(other.id, { lessons: 3, discount: 5 });

    // $30 an hour: a lesson costs $12.50, $25 or $50; Starter is 5 lessons less 5 %, rounded
    // half up to the cent ($59.375 -> $59.38).
    const platformPrices = { 25: [5938, 11250, 21250], 50: [11875, 22500, 42500] } as const;
    for (const minutes of [25, 50] as const) {
      const list = await offers(
        student.client,
        tutor.id,
        `lessonMinutes=${minutes}&subjectId=${maths}`,
      );
      expect(list.slice(0, 3)).toEqual(
        [
          ['platform_1', 'Starter', 5, 5, 60],
          ['platform_2', 'Steady progress', 10, 10, 120],
          ['platform_3', 'Intensive', 20, 15, 240],
        ].map(([id, name, lessons, discount, validityDays], index) => ({
          id,
          name,
          isPlatformPackage: true,
          subjectId: null,
          numberOfLessons: lessons,
          discountPercentage: discount,
          validityDays,
          description: expect.any(String),
          lessonMinutes: minutes,
          totalPriceCents: platformPrices[minutes][index],
          currency: 'USD',
        })),
      );
      expect(list.slice(3).map((offer) => [offer.id, offer.isPlatformPackage])).toEqual([
        [anySubject, false],
        [forMaths, false],
      ]);
    }
    const long = await offers(student.client, tutor.id, `lessonMinutes=100&subjectId=${maths}`);
    expect(long.map((offer) => offer.totalPriceCents)).toEqual([23750, 45000, 85000, 18000, 32000]);
    expect(long[4]).toMatchObject({ subjectId: maths, numberOfLessons: 8, lessonMinutes: 100 });

    // English gets the English package, not the maths one; no subject gets every active one.
    const forEnglishList = await offers(
      student.client,
      tutor.id,
      `lessonMinutes=50&subjectId=${english}`,
    );
    expect(forEnglishList.slice(3).map((offer) => offer.id)).toEqual([anySubject, forEnglish]);
    expect(forEnglishList[4]!.totalPriceCents).toBe(15000);
    const all = await offers(student.client, tutor.id, 'lessonMinutes=50');
    expect(all.slice(3).map((offer) => offer.id)).toEqual([anySubject, forEnglish, forMaths]);

    // Retiring a platform package takes it off every tutor's list.
    await t.database.db
      .updateTable('platform_packages')
      .set({ is_active: false })
      .where('id', '=', 2)
      .execute();
    try {
      const fewer = await offers(student.client, tutor.id, 'lessonMinutes=50');
      expect(fewer.map((offer) => offer.id).slice(0, 2)).toEqual(['platform_1', 'platform_3']);
    } finally {
      await t.database.db
        .updateTable('platform_packages')
        .set({ is_active: true })
        .where('id', '=', 2)
        .execute();
    }
  });

  it('checks the offers query: lesson length, subject, tutor, sign-in', async () => {
    const [tutor, student] = [await createTutor(t.database.db, teaching), await createStudent(t)];
    for (const query of ['', 'lessonMinutes=45', 'lessonMinutes=x']) {
      const response = await student.client.callError(getPackageOffers, {
        params: { id: tutor.id },
        query: queryText(getPackageOffers, query),
      });
      expect(response.status, query).toBe(400);
      expect(response.message).toBe(M.invalidLessonMinutes);
    }
    const badSubject = await student.client.callError(getPackageOffers, {
      params: { id: tutor.id },
      query: { lessonMinutes: 50, subjectId: -1 },
    });
    expect(badSubject).toMatchObject({ status: 400, message: M.selectSubject });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-tutor']) {
      const response = await student.client.callError(getPackageOffers, {
        params: { id },
        query: { lessonMinutes: 50 },
      });
      expect(response).toMatchObject({ status: 404, message: M.tutorNotFound });
    }
    expect((await fetch(`${t.url}/api/tutors/${tutor.id}/packages?lessonMinutes=50`)).status).toBe(
      401,
    );
  });

  it('finds one offer by id for checkout, and nothing for an id that is not on offer', async () => {
    const db = t.database.db;
    const [tutor, other] = [await createTutor(db, teaching), await createTutor(db, teaching)];
    const offering = { id: tutor.id, hourly_rate_cents: 3000, currency: 'USD' };
    const [maths, english] = [await subjectId('Mathematics'), await subjectId('English')];
    const forMaths = await tutorPackage(tutor.id, { lessons: 8, discount: 20, subjectId: maths });
    const retired = await tutorPackage(tutor.id, { lessons: 4, discount: 0, active: false });
    const othersOwn = await tutorPackage(other.id, { lessons: 4, discount: 0 });
    const query = { subjectId: maths, lessonMinutes: 50 };

    expect(await packageOfferById(db, offering, 'platform_3', query)).toMatchObject({
      id: 'platform_3',
      isPlatformPackage: true,
      totalPriceCents: 42500,
      platformPackageId: 3,
      lessonPackageId: null,
    });
    expect(await packageOfferById(db, offering, forMaths, query)).toMatchObject({
      id: forMaths,
      isPlatformPackage: false,
      numberOfLessons: 8,
      totalPriceCents: 16000,
      platformPackageId: null,
      lessonPackageId: forMaths,
    });
    for (const id of [
      'platform_0',
      'platform_99',
      'platform_01',
      'platform_x',
      'platform_1 ',
      'platform_99999999999999',
      'platform_',
      '1',
      '',
      'not-a-package',
      '00000000-0000-4000-8000-000000000000',
      retired,
      othersOwn,
    ])
      expect(await packageOfferById(db, offering, id, query), id).toBeUndefined();
    // A package for maths is not on offer for English.
    expect(
      await packageOfferById(db, offering, forMaths, { subjectId: english, lessonMinutes: 50 }),
    ).toBeUndefined();
  });

  it('lets a tutor create, edit and retire their own packages, and nobody else', async () => {
    const tutor = await createSignedInTutor(t, teaching);
    const otherTutor = await createSignedInTutor(t, teaching);
    const student = await createStudent(t);
    const maths = await subjectId('Mathematics');
    const body = {
      name: '  Exam sprint ',
      subjectId: maths,
      numberOfLessons: 6,
      discountPercentage: 12,
      validityDays: 45,
      description: 'Six lessons before the exam.',
    };
    const { package: made } = await tutor.client.call(createTutorPackage, { body });
    expect(made).toEqual({
      id: expect.any(String),
      ...body,
      name: 'Exam sprint',
      isActive: true,
      timesBought: 0,
    });
    const list = async (client: TestClient) => (await client.call(listTutorPackages)).packages;
    expect(await list(tutor.client)).toEqual([made]);
    expect(await list(otherTutor.client)).toEqual([]);

    const params = { id: made.id };
    const edited = await tutor.client.call(updateTutorPackage, {
      params,
      body: { ...body, subjectId: null, numberOfLessons: 10 },
    });
    expect(edited.package).toMatchObject({ subjectId: null, numberOfLessons: 10 });
    const offered = await offers(student.client, tutor.id, 'lessonMinutes=50');
    expect(offered.find((offer) => offer.id === made.id)).toMatchObject({
      numberOfLessons: 10,
      totalPriceCents: 22000,
    });

    const retired = await tutor.client.call(setTutorPackageActive, {
      params,
      body: { isActive: false },
    });
    expect(retired.package.isActive).toBe(false);
    expect(
      (await offers(student.client, tutor.id, 'lessonMinutes=50')).map((offer) => offer.id),
    ).not.toContain(made.id);
    expect(await list(tutor.client)).toHaveLength(1);

    // Another tutor cannot see it to change it; a student cannot call any of it.
    const unknown = '00000000-0000-4000-8000-000000000000';
    const active = { isActive: true };
    for (const response of [
      await otherTutor.client.callError(updateTutorPackage, { params, body }),
      await otherTutor.client.callError(setTutorPackageActive, { params, body: active }),
      await otherTutor.client.callError(updateTutorPackage, {
        params: { id: 'not-a-package' },
        body,
      }),
      await otherTutor.client.callError(setTutorPackageActive, {
        params: { id: unknown },
        body: active,
      }),
    ]) {
      expect(response).toMatchObject({ status: 404, message: P.packageNotFound });
    }
    expect((await student.client.callError(createTutorPackage, { body })).status).toBe(403);
    expect((await student.client.callError(listTutorPackages)).status).toBe(403);
    expect((await student.client.callError(updateTutorPackage, { params, body })).status).toBe(403);
    expect(
      (await student.client.callError(setTutorPackageActive, { params, body: active })).status,
    ).toBe(403);
    expect((await fetch(`${t.url}/api/tutor/packages`)).status).toBe(401);
    expect((await list(tutor.client))[0]).toMatchObject({
      isActive: false,
      numberOfLessons: 10,
    });

    // Counted as bought once a student has paid for it.
    const buyer = await createStudent(t);
    const { id: bought } = await createBoughtPackage(t.database.db, {
      studentId: buyer.id,
      tutor,
      lessons: 10,
      amountCents: 22000,
      boughtAt: NOW,
    });
    await t.database.db
      .updateTable('student_packages')
      .set({ platform_package_id: null, lesson_package_id: made.id })
      .where('id', '=', bought)
      .execute();
    expect((await list(tutor.client))[0]!.timesBought).toBe(1);
  });

  it('refuses package terms outside the limits, each with its message', async () => {
    const tutor = await createSignedInTutor(t, { ...teaching, subjects: ['Mathematics'] });
    const english = await subjectId('English');
    const valid = {
      name: 'Ten',
      subjectId: null,
      numberOfLessons: 10,
      discountPercentage: 10,
      validityDays: 90,
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ' }, P.packageNameRequired],
      [{ name: 'x'.repeat(81) }, P.packageNameTooLong],
      [{ numberOfLessons: 1 }, P.packageLessonsRange],
      [{ numberOfLessons: 51 }, P.packageLessonsRange],
      [{ numberOfLessons: 2.5 }, P.packageLessonsRange],
      [{ numberOfLessons: '10' }, P.packageLessonsRange],
      [{ discountPercentage: -1 }, P.packageDiscountRange],
      [{ discountPercentage: 51 }, P.packageDiscountRange],
      [{ validityDays: 6 }, P.packageValidityRange],
      [{ validityDays: 731 }, P.packageValidityRange],
      [{ description: 'x'.repeat(501) }, P.packageDescriptionTooLong],
      // Names and descriptions reach emails as they are: one line, nothing invisible.
      [{ name: 'Ten\r\nBcc: everyone@example.com' }, TEXT_MESSAGES.singleLine],
      [{ name: 'Ten\u0007' }, TEXT_MESSAGES.singleLine],
      [{ description: 'Ten lessons\nSubject: forged' }, TEXT_MESSAGES.singleLine],
      [{ description: 'Ten \u001B[31mlessons' }, TEXT_MESSAGES.singleLine],
      [{ subjectId: english }, M.notATutorSubject],
      [{ subjectId: 999_999 }, M.notATutorSubject],
    ];
    for (const [change, message] of cases) {
      const response = await tutor.client.callError(createTutorPackage, {
        body: { ...valid, ...change },
      });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(response.message, JSON.stringify(change)).toBe(message);
    }
    expect((await tutor.client.call(listTutorPackages)).packages).toEqual([]);

    // A tutor who has not made a profile yet has nothing to attach a package to.
    const { client: newcomer } = await signUpAndVerify(t.url, t.inbox, 'tutor');
    expect((await newcomer.call(listTutorPackages)).packages).toEqual([]);
    const early = await newcomer.callError(createTutorPackage, { body: valid });
    expect(early).toMatchObject({ status: 404, message: API_MESSAGES.tutorProfileMissing });
  });

  describe('scheduling from a bought package', () => {
    const schedule = (
      student: TestStudent,
      packageId: string,
      slot: { days: number; slotLabel: string },
    ) =>
      student.client.post(`/api/student-packages/${packageId}/lessons`, {
        bookingDate: viewerDate(slot.days),
        slotLabel: slot.slotLabel,
        viewerZone: VIEWER_ZONE,
        notes: 'Chapter 3 please.',
      });
    const myPackages = async (student: TestStudent, tutorId: string) =>
      (await student.client.call(getMyPackagesWithTutor, { params: { id: tutorId } })).packages;
    const lessonsFrom = async (packageId: string) =>
      (
        await t.database.db
          .selectFrom('lessons')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('student_package_id', '=', packageId)
          .where('status', '<>', 'canceled')
          .executeTakeFirstOrThrow()
      ).n;
    /** A tutor, a student, and three 50-minute lessons the student bought for $75. */
    const boughtThree = async (
      options: Partial<Parameters<typeof createBoughtPackage>[1]> = {},
    ) => {
      const tutor = await createTutor(t.database.db, teaching);
      const student = await createStudent(t);
      const bought = await createBoughtPackage(t.database.db, {
        studentId: student.id,
        tutor,
        lessons: 3,
        amountCents: 7500,
        boughtAt: new Date(NOW.getTime() - 10 * DAY),
        ...options,
      });
      return { tutor, student, ...bought };
    };

    it('takes one credit per lesson, books it paid at its share, and refuses past the last', async () => {
      const { tutor, student, id, paymentId } = await boughtThree();
      const [shown] = await myPackages(student, tutor.id);
      expect(shown).toEqual({
        id,
        name: 'Starter',
        tutorProfileId: tutor.id,
        tutorName: tutor.name,
        subjectId: tutor.subjectId,
        subject: tutor.subjects[0]!.name,
        lessonMinutes: 50,
        numberOfLessons: 3,
        lessonsLeft: 3,
        status: 'active',
        expiresAt: new Date(NOW.getTime() + 50 * DAY).toISOString(),
      });

      const first = await schedule(student, id, { days: 2, slotLabel: HOUR_SLOTS[0] });
      expect(first.status, first.text).toBe(201);
      expect(first.json.lesson as Lesson).toMatchObject({
        tutorProfileId: tutor.id,
        isTrial: false,
        status: 'scheduled',
        priceCents: 2500,
        durationMinutes: 50,
        subject: tutor.subjects[0]!.name,
        startTime: `${viewerDate(2)}T00:00:00.000Z`,
        studentNotes: '<p>Chapter 3 please.</p>',
      });
      expect(first.json.package).toMatchObject({ id, lessonsLeft: 2 });
      const stored = await t.database.db
        .selectFrom('lessons')
        .select(['payment_id', 'student_package_id'])
        .where('id', '=', first.json.lesson.id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ payment_id: paymentId, student_package_id: id });

      for (const slotLabel of HOUR_SLOTS.slice(1))
        expect((await schedule(student, id, { days: 2, slotLabel })).status).toBe(201);
      // Spent: no longer offered to schedule from, and a fourth lesson is refused.
      expect(await myPackages(student, tutor.id)).toEqual([]);
      const fourth = await schedule(student, id, { days: 3, slotLabel: HOUR_SLOTS[0] });
      expect(fourth.status).toBe(409);
      expect(fourth.json.error.message).toBe(P.noCreditsLeft);
      expect(fourth.json.error.code).toBe('NO_CREDITS_LEFT');
      expect(await lessonsFrom(id)).toBe(3);

      // A canceled lesson gives its credit back; a moved one keeps using it.
      await t.database.db
        .updateTable('lessons')
        .set({ status: 'canceled' })
        .where('id', '=', first.json.lesson.id)
        .execute();
      expect((await myPackages(student, tutor.id))[0]!.lessonsLeft).toBe(1);
      const again = await schedule(student, id, { days: 3, slotLabel: HOUR_SLOTS[0] });
      expect(again.status, again.text).toBe(201);
      expect(again.json.package.lessonsLeft).toBe(0);
      const moved = await student.client.post(`/api/lessons/${again.json.lesson.id}/reschedule`, {
        bookingDate: viewerDate(4),
        slotLabel: HOUR_SLOTS[1],
        viewerZone: VIEWER_ZONE,
      });
      expect(moved.status, moved.text).toBe(201);
      expect(await myPackages(student, tutor.id)).toEqual([]);
      expect(await lessonsFrom(id)).toBe(3);
    });

    it('books only slots the tutor offers, of the package’s lesson length', async () => {
      const { tutor, student, id } = await boughtThree({ lessonMinutes: 100, amountCents: 15000 });
      for (const slot of [
        { days: 2, slotLabel: '13:00-15:00' },
        { days: 2, slotLabel: '05:30-06:30' },
        { days: 2, slotLabel: '05:45-07:45' },
        { days: -1, slotLabel: '05:30-07:30' },
      ]) {
        const response = await schedule(student, id, slot);
        expect(response.status, slot.slotLabel).toBe(409);
        expect(response.json.error.message).toBe(M.slotUnavailable);
        expect(response.json.error.code).toBe('SLOT_TAKEN');
      }
      const badLabel = await schedule(student, id, { days: 2, slotLabel: '5:30' });
      expect(badLabel.status).toBe(400);
      expect(await lessonsFrom(id)).toBe(0);

      const long = await schedule(student, id, { days: 2, slotLabel: '05:30-07:30' });
      expect(long.status, long.text).toBe(201);
      expect(long.json.lesson).toMatchObject({ durationMinutes: 100, priceCents: 5000 });
      // The time is now the tutor's and the student's: another student cannot take it.
      const rival = await boughtThree();
      await t.database.db
        .updateTable('student_packages')
        .set({ tutor_profile_id: tutor.id })
        .where('id', '=', rival.id)
        .execute();
      const clash = await schedule(rival.student, rival.id, { days: 2, slotLabel: '06:30-07:30' });
      expect(clash.status).toBe(409);
      expect(clash.json.error.message).toBe(M.slotUnavailable);
      expect(clash.json.error.code).toBe('SLOT_TAKEN');
    });

    it('refuses an expired package, an unpaid one, and anyone else’s', async () => {
      const expired = await boughtThree({
        boughtAt: new Date(NOW.getTime() - 61 * DAY),
        validityDays: 61,
      });
      expect(await myPackages(expired.student, expired.tutor.id)).toEqual([]);
      const late = await schedule(expired.student, expired.id, {
        days: 2,
        slotLabel: HOUR_SLOTS[0],
      });
      expect(late.status).toBe(409);
      expect(late.json.error.message).toBe(P.packageExpired);
      expect(late.json.error.code).toBe('PACKAGE_EXPIRED');

      const unpaid = await boughtThree({ status: 'awaiting_payment' });
      const early = await schedule(unpaid.student, unpaid.id, {
        days: 2,
        slotLabel: HOUR_SLOTS[0],
      });
      expect(early.status).toBe(409);
      expect(early.json.error.message).toBe(P.packageNotActive);
      expect(early.json.error.code).toBe('PACKAGE_NOT_ACTIVE');

      const refunded = await boughtThree({ status: 'refunded', paymentStatus: 'refunded' });
      const gone = await schedule(refunded.student, refunded.id, {
        days: 2,
        slotLabel: HOUR_SLOTS[0],
      });
      expect(gone.status).toBe(409);
      expect(gone.json.error.message).toBe(P.noCreditsLeft);
      expect(gone.json.error.code).toBe('NO_CREDITS_LEFT');

      const { student, id } = await boughtThree();
      const stranger = await createStudent(t);
      for (const packageId of [id, 'not-a-package', '00000000-0000-4000-8000-000000000000']) {
        const response = await schedule(stranger, packageId, { days: 2, slotLabel: HOUR_SLOTS[0] });
        expect(response.status, packageId).toBe(404);
        expect(response.json.error.message).toBe(P.packageNotFound);
      }
      const tutor = await createSignedInTutor(t, teaching);
      const asTutor = await tutor.client.post(`/api/student-packages/${id}/lessons`, {
        bookingDate: viewerDate(2),
        slotLabel: HOUR_SLOTS[0],
        viewerZone: VIEWER_ZONE,
      });
      expect(asTutor.status).toBe(403);
      expect((await tutor.client.get(`/api/tutors/${tutor.id}/my-packages`)).status).toBe(403);
      expect(
        (await student.client.get('/api/tutors/00000000-0000-4000-8000-000000000000/my-packages'))
          .status,
      ).toBe(404);
      expect(await lessonsFrom(id)).toBe(0);
      expect(await lessonsFrom(expired.id)).toBe(0);
    });

    it('gives ten schedules at once against three credits exactly three lessons', async () => {
      const { student, id } = await boughtThree();
      // Ten distinct free slots over four mornings, so only the credits can refuse them.
      const slots = [2, 3, 4, 5]
        .flatMap((days) => HOUR_SLOTS.map((slotLabel) => ({ days, slotLabel })))
        .slice(0, 10);
      const responses = await Promise.all(slots.map((slot) => schedule(student, id, slot)));
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(3);
      expect(statuses.filter((status) => status === 409)).toHaveLength(7);
      for (const refused of responses.filter((response) => response.status === 409))
        expect(refused.json.error).toMatchObject({
          code: 'NO_CREDITS_LEFT',
          message: P.noCreditsLeft,
        });
      expect(await lessonsFrom(id)).toBe(3);
    });

    it('counts lessons already booked with the purchase', async () => {
      const { tutor, student, id, paymentId } = await boughtThree();
      // The package's first lesson, booked at checkout; a lapsed hold from an abandoned one.
      await createPaidLesson(t.database.db, {
        tutor,
        studentId: student.id,
        start: new Date(NOW.getTime() + 6 * DAY),
        priceCents: 2500,
        paymentId,
        studentPackageId: id,
      });
      await createPaidLesson(t.database.db, {
        tutor,
        studentId: student.id,
        start: new Date(NOW.getTime() + 7 * DAY),
        priceCents: 2500,
        status: 'expired',
        paymentId,
        studentPackageId: id,
      });
      expect((await myPackages(student, tutor.id))[0]!.lessonsLeft).toBe(2);
    });
  });
});
