import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMyStudents } from '../../../contracts/lesson-history.contract';
import { LESSON_HISTORY_MESSAGES as M } from '../../../domain/messages/lesson-history';
import { fixedClock } from '../../adapters/clock';
import { createLesson, createSignedInTutor, createStudent } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';

// The tutor sidebar's 'Search students...' (spec 3) lands on My Students searched by name.
const NOW = new Date('2030-03-10T12:00:00Z');
const DAY = 24 * 3_600_000;

describe.each(TEST_DRIVERS)('searching My Students on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, {}, { clock: fixedClock(NOW) });
  });
  afterAll(async () => {
    await t.close();
  });

  async function tutorWithStudents(...names: [string, string][]) {
    const tutor = await createSignedInTutor(t, { firstName: 'Clara', lastName: 'Whitfield' });
    for (const [index, [firstName, lastName]] of names.entries()) {
      const student = await createStudent(t, { firstName, lastName });
      await createLesson(t.database.db, {
        tutor,
        studentId: student.id,
        start: new Date(NOW.getTime() + (index + 1) * DAY),
      });
    }
    return tutor;
  }
  const namesOf = (answer: { students: { name: string }[] }) =>
    answer.students.map((student) => student.name);

  it('finds students whose name contains the words, whatever the case, and counts only them', async () => {
    const tutor = await tutorWithStudents(
      ['Maya', 'Lindgren'],
      ['Noah', 'Berg'],
      ['Amaya', 'Ortiz'],
    );
    const all = await tutor.client.call(getMyStudents, { query: {} });
    expect(all.total).toBe(3);

    const maya = await tutor.client.call(getMyStudents, { query: { q: '  MAYA ' } });
    expect(namesOf(maya)).toEqual(['Maya Lindgren', 'Amaya Ortiz']);
    expect(maya).toMatchObject({ total: 2, page: 1, totalPages: 1 });
    // First and last name together, as shown.
    expect(namesOf(await tutor.client.call(getMyStudents, { query: { q: 'noah b' } }))).toEqual([
      'Noah Berg',
    ]);
    // % and _ are characters like any other (no name has them), not wildcards.
    for (const q of ['%', '_', 'M_ya'])
      expect(await tutor.client.call(getMyStudents, { query: { q } })).toMatchObject({ total: 0 });
    const none = await tutor.client.call(getMyStudents, { query: { q: 'zed' } });
    expect(none).toMatchObject({ students: [], total: 0, page: 1 });
  });

  it('refuses a search longer than 100 characters', async () => {
    const tutor = await tutorWithStudents(['Maya', 'Lindgren']);
    const refused = await tutor.client.callError(getMyStudents, {
      query: { q: 'x'.repeat(101) },
    });
    expect(refused).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(refused.message).toBe(M.searchTooLong);
  });
});
