import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { generate, PostgresDialect } from 'kysely-codegen';
import prettier from 'prettier';
import { openDatabase } from '../src/server/db/database';
import { migrate } from '../src/server/db/migrate';

// `npm run db:types` writes src/server/db/types.ts from the schema the migrations build, in an
// in-memory PGlite database (no server needed). `npm run db:types:check` fails when the
// committed file differs from what the migrations build now.

const TYPES_FILE = fileURLToPath(new URL('../src/server/db/types.ts', import.meta.url));

// How the app's driver hands values over (database.ts): int8 parsed to a number, numeric left
// a string, timestamptz a Date. jsonb arrives parsed and is always written as JSON text.
// An interval arrives as an object: the app reads it as value::text.
const TYPE_MAPPING = {
  int8: 'number',
  numeric: 'string',
  timestamptz: 'Date',
  jsonb: 'ColumnType<unknown, string, string>',
  interval: 'ColumnType<unknown, string, string>',
};

// Text columns a CHECK constraint narrows (the introspection sees only `text`), the one jsonb
// column whose shape the app relies on, and a generated column nothing may write.
const COLUMN_OVERRIDES = {
  'tutor_profiles.average_rating': 'ColumnType<string | null, never, never>',
  'lessons.status': 'Generated<LessonStatus>',
  'lessons.held_until': 'ColumnType<Date, never, never>',
  'lessons.revision': 'ColumnType<number, never, never>',
  'payments.status': 'Generated<PaymentStatus>',
  'payments.kind': 'PaymentKind',
  'payments.provider': "'local' | 'stripe'",
  'student_packages.status': 'Generated<StudentPackageStatus>',
  'local_checkout_sessions.status': "Generated<'open' | 'complete' | 'expired'>",
  'local_checkout_sessions.payment_status': "Generated<'paid' | 'unpaid'>",
  'users.role': 'Generated<UserRole>',
  'tutor_profiles.approval_status': 'Generated<ApprovalStatus>',
  'tutor_profiles.is_verified': 'ColumnType<boolean, never, never>',
  'tutor_profile_decisions.decision': 'Decision',
  'reports.kind': 'ReportKind',
  'reports.status': 'Generated<ReportStatus>',
  'audit_log.action': 'AuditAction',
  'users.social_auth_provider': "Generated<'google' | 'none'>",
  'tutor_profile_drafts.draft': 'Generated<ColumnType<Record<string, unknown>, string, string>>',
  'notifications.kind': 'NotificationKind',
  'lesson_move_requests.answer': 'MoveAnswer | null',
  'email_opt_outs.category': 'EmailCategory',
};
const CUSTOM_IMPORTS = {
  LessonStatus: '../../domain/booking/booking-rules#LessonStatus',
  PaymentStatus: '../../domain/payments/payment-rules#PaymentStatus',
  PaymentKind: '../../domain/payments/payment-rules#PaymentKind',
  StudentPackageStatus: '../../domain/payments/payment-rules#StudentPackageStatus',
  NotificationKind: '../../domain/notifications/notification-kinds#NotificationKind',
  MoveAnswer: '../../domain/booking/move-requests#MoveAnswer',
  EmailCategory: '../../domain/notifications/email-categories#EmailCategory',
  UserRole: '../../domain/accounts/account-rules#UserRole',
  ApprovalStatus: '../../domain/admin/moderation#ApprovalStatus',
  Decision: '../../domain/admin/moderation#Decision',
  ReportKind: '../../domain/admin/moderation#ReportKind',
  ReportStatus: '../../domain/admin/moderation#ReportStatus',
  AuditAction: '../../domain/admin/moderation#AuditAction',
};

async function generatedTypes(): Promise<string> {
  const database = await openDatabase({ driver: 'pglite' });
  try {
    await migrate(database.db);
    const source = await generate({
      db: database.db,
      dialect: new PostgresDialect(),
      outFile: null,
      typeMapping: TYPE_MAPPING,
      overrides: { columns: COLUMN_OVERRIDES },
      customImports: CUSTOM_IMPORTS,
      typeOnlyImports: true,
    });
    const options = await prettier.resolveConfig(TYPES_FILE);
    return prettier.format(source, { ...options, filepath: TYPES_FILE });
  } finally {
    await database.close();
  }
}

async function main(check: boolean) {
  const types = await generatedTypes();
  if (!check) {
    await writeFile(TYPES_FILE, types);
    console.log('db:types: wrote src/server/db/types.ts');
    return;
  }
  const committed = await readFile(TYPES_FILE, 'utf8').catch(() => '');
  if (committed !== types) {
    console.error(
      'db:types:check: src/server/db/types.ts is out of date with the migrations; run npm run db:types',
    );
    process.exitCode = 1;
    return;
  }
  console.log('db:types:check: src/server/db/types.ts matches the migrations');
}

await main(process.argv.includes('--check'));
