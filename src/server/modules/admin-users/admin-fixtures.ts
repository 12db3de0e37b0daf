import { createStudent, type FactoryTarget } from '../../test/factories';

/** For tests: a signed-in user promoted to admin (as npm run admin does). */
export async function createAdmin(t: FactoryTarget) {
  const admin = await createStudent(t, { firstName: 'Ada', lastName: 'Admin' });
  await t.database.db
    .updateTable('users')
    .set({ role: 'admin' })
    .where('id', '=', admin.id)
    .execute();
  return admin;
}
