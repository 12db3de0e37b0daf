import { createStudent, type TestStudent } from './factories';
import type { TestApp } from './test-app';
import { setAdminRole } from '../modules/admin/admin-role';

/** Tests: a signed-in student made an admin the way `npm run admin` does it. */
export async function createAdmin(
  t: TestApp,
  names = { firstName: 'Ada', lastName: 'Admin' },
): Promise<TestStudent> {
  const student = await createStudent(t, names);
  const outcome = await setAdminRole(t.database.db, t.app.deps.clock, {
    email: student.email,
    revoke: false,
  });
  if (!outcome.ok) throw new Error(outcome.message);
  return student;
}
