import { sql } from 'kysely';

// How a user's name reads wherever a query shows it (lessons, payments, packages, earnings,
// tutor search): first and last name with one space between.

/** The full name of the `users` row joined under `alias` (e.g. 'tu' for the tutor's user). */
export const fullName = (alias: string) =>
  sql<string>`${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}`;
