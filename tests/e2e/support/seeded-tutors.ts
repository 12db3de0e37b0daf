import type { Kysely } from 'kysely';
import type { DB } from '../../../src/server/db/types';

export type SeededTutor = { id: string; name: string; subjects: { id: number; name: string }[] };

/** The tutors in the database with the subjects they teach (by id), tutors ordered by id. */
export async function seededTutors(db: Kysely<DB>): Promise<SeededTutor[]> {
  const rows = await db
    .selectFrom('tutor_profiles as tp')
    .innerJoin('users as u', 'u.id', 'tp.user_id')
    .innerJoin('tutor_subjects as ts', 'ts.tutor_profile_id', 'tp.id')
    .innerJoin('subjects as s', 's.id', 'ts.subject_id')
    .select(['tp.id', 'u.first_name', 'u.last_name', 's.id as subjectId', 's.name as subject'])
    .orderBy('tp.id')
    .orderBy('s.id')
    .execute();
  const byTutor = new Map<string, SeededTutor>();
  for (const row of rows) {
    const tutor = byTutor.get(row.id) ?? {
      id: row.id,
      name: `${row.first_name} ${row.last_name}`,
      subjects: [],
    };
    tutor.subjects.push({ id: row.subjectId, name: row.subject });
    byTutor.set(row.id, tutor);
  }
  return [...byTutor.values()];
}

export type TutorWithSubject = { id: string; name: string; subjectId: number; subject: string };

/** Each seeded tutor with the first subject they teach: enough to book or insert a lesson. */
export async function tutorsWithSubject(db: Kysely<DB>): Promise<TutorWithSubject[]> {
  return (await seededTutors(db)).map((tutor) => ({
    id: tutor.id,
    name: tutor.name,
    subjectId: tutor.subjects[0]!.id,
    subject: tutor.subjects[0]!.name,
  }));
}
