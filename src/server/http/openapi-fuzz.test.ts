import http from 'node:http';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../adapters/clock';
import { signFileUrl } from '../adapters/storage/signed-url';
import { createBoughtPackage, createPayment } from '../test/purchase-fixtures';
import { rescheduleNotification } from '../test/notification-fixtures';
import { TEST_PASSWORD } from '../test/accounts';
import { createAdmin } from '../test/admin-fixtures';
import { createLesson, createSignedInTutor, createStudent, createTutor } from '../test/factories';
import type { TestClient } from '../test/http-client';
import { fileForm, postForm } from '../test/multipart';
import { startTestApp, TEST_SESSION_SECRET, type TestApp } from '../test/test-app';
import * as mornings from '../test/tokyo-mornings';
import { everyDay } from '../test/weekly-availability';
import { wizardSteps } from '../test/wizard-steps';

// Every operation of the OpenAPI document, asked wrongly: NUL bytes, lone surrogates, numbers
// past what the database holds, wrong types, overlong text, bad ids, missing and extra fields,
// broken JSON and broken multipart, in the path, the query and the body. A client's mistake is
// a 4xx, never a 5xx. Each operation starts from a valid request as the right caller (so a bad
// value in one field reaches as deep as it can) and changes one thing at a time. The inputs are
// a fixed list and the clock stands still: every run sends the same requests in the same order.

interface Parameter {
  in: 'path' | 'query';
  name: string;
  required?: boolean;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, unknown> };
}

/** A request as sent: path and query already encoded, the body as raw bytes with its type. */
interface Request {
  method: string;
  path: string;
  query: string;
  body?: { text: string; type: string };
}

/** A valid request of an operation: path and query values (unencoded) and a JSON body. */
interface Example {
  params: Record<string, string>;
  query: Record<string, string>;
  body?: unknown;
}

type Caller = 'anonymous' | 'student' | 'tutor' | 'admin';

/** What the valid requests point at: one of each thing the API has ids for. */
interface World {
  student: { email: string; client: TestClient };
  tutor: { id: string; subjectId: number; client: TestClient };
  lessonId: string;
  studentPackageId: string;
  paymentId: string;
  tutorPackageId: string;
  checkoutSessionId: string;
  avatarPath: string;
  /** The tutor's calendar feed token (the student's own feed is rotated by the fuzzing). */
  calendarToken: string;
  notificationId: string;
  admin: { client: TestClient };
  /** What the admin console acts on: a pending tutor, a student to suspend, a review, a report. */
  pendingTutorId: string;
  bystanderId: string;
  reviewId: string;
  reportId: string;
  /** The student's conversation with the tutor (messaging). */
  conversationId: string;
}

/** Who calls an operation: the account endpoints and public reads signed out, tutors' own. */
function callerOf(path: string): Caller {
  if (/^\/api\/(auth|health|reference|files|payments\/webhooks|payouts\/webhooks)\b/.test(path))
    return 'anonymous';
  if (/^\/api\/(tutor|uploads)\b/.test(path)) return 'tutor';
  if (/^\/api\/admin\b/.test(path)) return 'admin';
  return 'student';
}

/** The id a path parameter takes, by the path it is in. */
function pathValue(path: string, name: string, world: World): string | undefined {
  if (name === 'provider') return 'local';
  if (name === '*') return world.avatarPath;
  const ids: [RegExp, string][] = [
    [/^\/api\/tutors\//, world.tutor.id],
    [/^\/api\/lessons\//, world.lessonId],
    [/^\/api\/student-packages\//, world.studentPackageId],
    [/^\/api\/tutor\/packages\//, world.tutorPackageId],
    [/^\/api\/payments\//, world.paymentId],
    [/^\/api\/checkout\/sessions\//, world.checkoutSessionId],
    [/^\/calendar\//, world.calendarToken],
    [/^\/api\/notifications\//, world.notificationId],
    [/^\/api\/admin\/tutor-approvals\//, world.pendingTutorId],
    [/^\/api\/admin\/users\//, world.bystanderId],
    [/^\/api\/admin\/lessons\//, world.lessonId],
    [/^\/api\/admin\/reviews\//, world.reviewId],
    [/^\/api\/admin\/reports\//, world.reportId],
    [/^\/api\/conversations\//, world.conversationId],
    // No payout exists: the valid request is a 404 after validation and the admin gate.
    [/^\/api\/admin\/payouts\//, '8f0c9a52-3d4e-4b6f-9a1c-2e7d5b3c1f00'],
  ];
  return ids.find(([pattern]) => pattern.test(path))?.[1];
}

/** Query values by parameter name (optional ones too, so that each is fuzzed from a real value). */
function queryValues(world: World): Record<string, string> {
  const signed = new URL(
    signFileUrl(TEST_SESSION_SECRET, world.avatarPath, mornings.NOW),
    'http://x',
  );
  return {
    viewerZone: mornings.VIEWER_ZONE,
    fromDate: mornings.viewerDate(2),
    days: '7',
    lessonMinutes: '50',
    subjectId: String(world.tutor.subjectId),
    page: '1',
    q: 'math',
    subjects: 'Mathematics',
    languages: 'English',
    minPrice: '5',
    maxPrice: '100',
    minRating: '4',
    sort: 'rating',
    path: 'nobody/none.png',
    before: '1000',
    after: '0',
    limit: '10',
    expires: signed.searchParams.get('expires')!,
    signature: signed.searchParams.get('signature')!,
  };
}

/** Valid bodies by operation; an operation may have several (one per wizard step). */
function bodies(
  world: World,
): Record<string, { params?: Record<string, string>; body: unknown }[]> {
  const slot = (days: number, label: string) => ({
    bookingDate: mornings.viewerDate(days),
    slotLabel: label,
    viewerZone: mornings.VIEWER_ZONE,
  });
  const booking = {
    tutorProfileId: world.tutor.id,
    subjectId: world.tutor.subjectId,
    lessonMinutes: 50,
    notes: 'Fractions, please.',
  };
  const tutorPackage = {
    name: 'Five lessons',
    subjectId: world.tutor.subjectId,
    numberOfLessons: 5,
    discountPercentage: 10,
    validityDays: 90,
    description: 'Steady progress.',
  };
  const email = world.student.email;
  const password = { password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD };
  const one = (body: unknown) => [{ body }];
  return {
    'POST /api/auth/sign-up': one({
      role: 'student',
      firstName: 'Fuzz',
      lastName: 'Tester',
      email: 'fuzz.sign-up@example.com',
      ...password,
      acceptTerms: true,
    }),
    'POST /api/auth/verify-email': one({ email, code: '123456' }),
    'POST /api/auth/resend-code': one({ email }),
    'POST /api/auth/sign-in': one({ email, password: TEST_PASSWORD, rememberMe: false }),
    'POST /api/auth/forgot-password': one({ email }),
    'POST /api/auth/reset-password': one({ token: 'no-such-token', ...password }),
    'POST /api/auth/google': one({ role: 'student', isSignup: false }),
    'PUT /api/tutor/profile-draft/{step}': Object.entries(wizardSteps(world.avatarPath)).map(
      ([step, body]) => ({ params: { step }, body }),
    ),
    'PUT /api/tutor/availability': one({
      // The tutor's own hours again, so that the bookings after it still find their slots.
      timezone: mornings.TUTOR_ZONE,
      slots: everyDay('09:00', '12:00'),
    }),
    'POST /api/lessons': one({ ...booking, mode: 'trial', ...slot(4, mornings.HOUR_SLOTS[0]) }),
    'POST /api/lessons/{id}/reschedule': one({
      ...slot(5, mornings.HOUR_SLOTS[1]),
      reason: 'A clash at work.',
    }),
    'POST /api/lessons/{id}/move-request': one({
      ...slot(7, mornings.HOUR_SLOTS[0]),
      reason: 'A conference.',
    }),
    'PUT /api/lessons/{id}/notes': one({
      html: '<p>Fractions <a href="https://x.org">here</a></p>',
    }),
    'POST /api/checkout': [
      { body: { ...booking, mode: 'single', ...slot(6, mornings.HOUR_SLOTS[2]) } },
      {
        body: {
          ...booking,
          mode: 'package',
          packageId: 'platform_1',
          ...slot(7, mornings.HOUR_SLOTS[2]),
        },
      },
    ],
    'POST /api/student-packages/{id}/lessons': one({
      ...slot(8, mornings.HOUR_SLOTS[0]),
      notes: 'Hi',
    }),
    'POST /api/tutor/packages': one(tutorPackage),
    'PUT /api/tutor/packages/{id}': one(tutorPackage),
    'PUT /api/tutor/packages/{id}/active': one({ isActive: true }),
    'PUT /api/tutor/profile/sections/{step}': Object.entries(wizardSteps(world.avatarPath)).map(
      ([step, body]) => ({ params: { step }, body }),
    ),
    'PUT /api/account/profile': one({
      firstName: 'Fuzz',
      lastName: 'Tester',
      timezone: mornings.VIEWER_ZONE,
    }),
    'PUT /api/account/photo': one({ avatarPath: null }),
    'PUT /api/account/notifications': one({
      email: { lesson_reminders: true, message_digest: false },
    }),
    // The account's own password is never given: the valid requests stop at its check, so no
    // fuzzed one can change the password, move the account or delete it.
    'POST /api/account/password': one({
      currentPassword: 'Not!thepassword1',
      newPassword: 'Other!pass1',
      confirmPassword: 'Other!pass1',
    }),
    'POST /api/account/email': one({ newEmail: 'fuzz.moved@example.com', password: 'Not!it1' }),
    'POST /api/account/email/confirm': one({ newEmail: 'fuzz.moved@example.com', code: '123456' }),
    'POST /api/account/delete': one({ password: 'Not!it1', confirm: 'DELETE' }),
    'POST /api/support/messages': one({ subject: 'Fuzz', message: 'A question about lessons.' }),
    'POST /api/lessons/{id}/review': one({ rating: 5, text: 'A clear and patient lesson.' }),
    'PUT /api/lessons/{id}/review': one({ rating: 4, text: 'A clear and patient lesson.' }),
    'POST /api/lessons/{id}/review/reply': one({ text: 'Thank you, see you soon!' }),
    'POST /api/lessons/{id}/cancel': one({ reason: 'Feeling unwell.' }),
    'POST /api/reports': one({
      kind: 'user',
      userId: world.bystanderId,
      reason: 'spam',
      details: 'Sends adverts.',
    }),
    'POST /api/admin/reports/{id}/dismiss': one({ note: 'Not a problem.' }),
    'POST /api/admin/reviews/{id}/hide': one({ reason: 'Insults.', reportId: world.reportId }),
    'POST /api/admin/reviews/{id}/restore': one({ reason: 'Hidden by mistake.' }),
    'POST /api/admin/tutor-approvals/{id}/approve': one({ note: 'Looks good.' }),
    'POST /api/admin/tutor-approvals/{id}/reject': one({ reason: 'photo', note: 'Blurry.' }),
    'POST /api/admin/users/{id}/send-back-for-review': one({ reason: 'photo', note: 'Blurry.' }),
    'POST /api/admin/users/{id}/suspend': one({ reason: 'Spam.' }),
    'POST /api/admin/users/{id}/restore': one({ reason: 'Appeal accepted.' }),
    'POST /api/conversations': one({ tutorId: world.tutor.id }),
    'POST /api/conversations/{id}/messages': one({
      body: 'Do you teach on Sundays? anna@example.com',
      clientId: '7d1f3c1e-8d2a-4f7e-9a51-0c2b6f4e9a10',
    }),
    'POST /api/conversations/{id}/read': one({ upToSeq: 1 }),
    'PUT /api/account/timezone': one({ timezone: mornings.VIEWER_ZONE }),
    // The world's lesson is days ahead: the classroom's valid requests stop at its window.
    'POST /api/lessons/{id}/classroom/signals': one({ signal: { kind: 'join' } }),
    'POST /api/lessons/{id}/classroom/whiteboard': one({ update: 'AAA=' }),
    'POST /api/lessons/{id}/classroom/attendance': one({ event: 'joined' }),
    'POST /api/admin/finance/adjustments': one({
      tutorProfileId: world.tutor.id,
      amountCents: 100,
      reason: 'Goodwill credit.',
    }),
  };
}

/** The valid requests of an operation, or why there is none (a new operation needs one here). */
function examplesOf(name: string, operation: Operation, world: World): Example[] {
  const path = name.split(' ')[1]!;
  const params: Record<string, string> = {};
  const query: Record<string, string> = {};
  const known = queryValues(world);
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === 'path') {
      const value = pathValue(path, parameter.name, world);
      if (value !== undefined) params[parameter.name] = value;
    } else if (known[parameter.name] !== undefined) query[parameter.name] = known[parameter.name]!;
    else if (parameter.required) throw new Error(`${name}: no example for query ${parameter.name}`);
  }
  const withBody = bodies(world)[name];
  const takesJson = operation.requestBody?.content['application/json'] !== undefined;
  if (takesJson && !withBody) throw new Error(`${name}: no example body`);
  const examples = (withBody ?? [{ body: undefined }]).map((example) => ({
    params: { ...params, ...example.params },
    query,
    body: example.body,
  }));
  for (const example of examples) {
    const missing = (operation.parameters ?? []).filter(
      (p) => p.in === 'path' && example.params[p.name] === undefined,
    );
    if (missing.length) throw new Error(`${name}: no example for path ${missing[0]!.name}`);
  }
  return examples;
}

// The bad values, one of each kind of mistake. Path and query values are raw (percent-encoded):
// %ED%A0%80 is a lone surrogate's bytes, which are not UTF-8.
const BAD_URL_VALUES = [
  'a%00b',
  '%ED%A0%80',
  '2147483648',
  '-1',
  '1.5',
  'null',
  '',
  'x'.repeat(3000),
  '..%2F..%2Fetc%2Fpasswd',
];

const BAD_JSON_VALUES: unknown[] = [
  'a\u0000b',
  'a\udc00b',
  '',
  'x'.repeat(30_000),
  2147483648,
  -1,
  1.5,
  null,
  [],
  { 'a\u0000': 'b\ud800' },
];

/** Bodies that are not the JSON they claim to be, or not JSON, or not what the route reads. */
const BAD_RAW_BODIES: { text: string; type: string }[] = [
  { text: '{"a":', type: 'application/json' },
  { text: '', type: 'application/json' },
  { text: '[]', type: 'application/json' },
  { text: '{"a":"\\ud800","b":"\\u0000","__proto__":{"x":1}}', type: 'application/json' },
  { text: 'hello', type: 'text/plain' },
  // Nested past any parser's stack, and more values than any body of ours holds.
  { text: `${'['.repeat(5000)}${']'.repeat(5000)}`, type: 'application/json' },
  { text: `{"a":${'{"a":'.repeat(5000)}1${'}'.repeat(5001)}`, type: 'application/json' },
  { text: `[${Array(50_000).fill('[]').join(',')}]`, type: 'application/json' },
  { text: `[${Array(100_000).fill(0).join(',')}]`, type: 'application/json' },
  { text: 'x', type: 'multipart/form-data' },
  {
    text: '--X\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG',
    type: 'multipart/form-data; boundary=X',
  },
  {
    text: '--X\r\nContent-Disposition: form-data; name="other"\r\n\r\n\u0000\r\n--X--\r\n',
    type: 'multipart/form-data; boundary=X',
  },
];

const encode = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');

/** The request of an example; `rawParams` are put in the path as they are (already encoded). */
function requestOf(
  name: string,
  example: Example,
  rawParams: Record<string, string> = {},
): Request {
  const [method, template] = name.split(' ') as [string, string];
  const path = template.replace(/\{([^}]+)\}/g, (_, param: string) => {
    if (rawParams[param] !== undefined) return rawParams[param];
    const value = example.params[param]!;
    // The file path keeps its slashes: it is the rest of the path.
    return param === '*' ? value : encodeURIComponent(value);
  });
  return {
    method,
    path,
    query: encode(example.query),
    body:
      example.body === undefined
        ? undefined
        : { text: JSON.stringify(example.body), type: 'application/json' },
  };
}

/**
 * Every leaf and branch of a JSON value, by its path of keys. Of an array only the first item:
 * the others are alike, and each would multiply the requests.
 */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return prefix.length ? [prefix] : [];
  const entries = Array.isArray(value) ? value.slice(0, 1).entries() : Object.entries(value);
  return [
    ...(prefix.length ? [prefix] : []),
    ...[...entries].flatMap(([key, item]) => pathsOf(item, [...prefix, key])),
  ];
}

function replaced(value: unknown, path: (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [key, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string,
    unknown
  >;
  copy[key!] = replaced(copy[key!], rest, next);
  return copy;
}

function withoutKey(value: unknown, key: string): unknown {
  const copy = { ...(value as Record<string, unknown>) };
  delete copy[key];
  return copy;
}

/**
 * Each way to ask an operation wrongly, one change at a time to one of its valid requests, named
 * for the report; then the valid requests. The path, the query and the body as a whole are
 * spoiled in the first valid request; the fields of each body in theirs.
 */
function* mutationsOf(name: string, examples: Example[]): Generator<[string, Request]> {
  const [first] = examples;
  if (!first) return;
  const valid = requestOf(name, first);
  const show = (value: unknown) => JSON.stringify(value)?.slice(0, 40);
  for (const param of Object.keys(first.params)) {
    for (const bad of BAD_URL_VALUES) {
      const { path } = requestOf(name, first, { [param]: bad });
      yield [`path ${param}=${bad.slice(0, 40)}`, { ...valid, path }];
    }
  }
  const query = (param: string, value: string) => {
    const others = Object.entries(first.query).filter(([other]) => other !== param);
    return [encode(Object.fromEntries(others)), value].filter(Boolean).join('&');
  };
  for (const param of Object.keys(first.query)) {
    for (const bad of BAD_URL_VALUES)
      yield [
        `query ${param}=${bad.slice(0, 40)}`,
        { ...valid, query: query(param, `${param}=${bad}`) },
      ];
    yield [`query ${param} twice`, { ...valid, query: query(param, `${param}=1&${param}=a%00b`) }];
  }
  yield ['an unknown query parameter', { ...valid, query: query('', 'unknown=a%00b') }];
  if (valid.method === 'POST' || valid.method === 'PUT') {
    for (const raw of BAD_RAW_BODIES)
      yield [`raw body ${raw.type}: ${show(raw.text)}`, { ...valid, body: raw }];
    const huge = `{"a":"${'x'.repeat(2_000_000)}"}`;
    yield [
      'a body past the size limit',
      { ...valid, body: { text: huge, type: 'application/json' } },
    ];
  }
  for (const example of examples) yield* bodyMutationsOf(name, example);
  for (const example of examples) yield ['the valid request', requestOf(name, example)];
}

/** Each bad value in each field of the example's body, each field left out, and extra fields. */
function* bodyMutationsOf(name: string, example: Example): Generator<[string, Request]> {
  const body = example.body;
  if (body === undefined) return;
  const valid = requestOf(name, example);
  const json = (value: unknown) => ({
    ...valid,
    body: { text: JSON.stringify(value), type: 'application/json' },
  });
  for (const path of pathsOf(body)) {
    for (const bad of BAD_JSON_VALUES)
      yield [
        `body ${path.join('.')}=${JSON.stringify(bad).slice(0, 40)}`,
        json(replaced(body, path, bad)),
      ];
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  for (const key of Object.keys(body)) yield [`body without ${key}`, json(withoutKey(body, key))];
  yield ['body with an extra NUL field', json({ ...body, ['x\u0000']: '\u0000' })];
  yield ['body with an extra field', json({ ...body, extra: 'x' })];
}

// On PGlite only: the refusals happen before any query, whatever the database, and two databases
// would double the suite's longest file.
describe('every operation of the OpenAPI document, fuzzed', () => {
  let t: TestApp;
  let world: World;
  let operations: [string, Operation][];

  beforeAll(async () => {
    t = await startTestApp('pglite', {}, { clock: fixedClock(mornings.NOW) });
    const db = t.database.db;
    const tutor = await createSignedInTutor(t, mornings.MORNING_TEACHING);
    const student = await createStudent(t);
    const lessonId = await createLesson(db, {
      tutor,
      studentId: student.id,
      start: new Date(mornings.NOW.getTime() + 3 * 86_400_000),
    });
    const bought = await createBoughtPackage(db, {
      studentId: student.id,
      tutor,
      lessons: 5,
      amountCents: 14_250,
      boughtAt: mornings.NOW,
    });
    const paymentId = await createPayment(db, {
      studentId: student.id,
      tutorProfileId: tutor.id,
      amountCents: 3000,
      createdAt: mornings.NOW,
    });
    const created = await tutor.client.post('/api/tutor/packages', {
      name: 'Ten lessons',
      subjectId: tutor.subjectId,
      numberOfLessons: 10,
      discountPercentage: 5,
      validityDays: 120,
    });
    expect(created.status, created.text).toBe(201);
    const checkout = await student.client.post('/api/checkout', {
      mode: 'single',
      tutorProfileId: tutor.id,
      subjectId: tutor.subjectId,
      lessonMinutes: 50,
      bookingDate: mornings.viewerDate(9),
      slotLabel: mornings.HOUR_SLOTS[0],
      viewerZone: mornings.VIEWER_ZONE,
    });
    expect(checkout.status, checkout.text).toBe(201);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    const upload = await postForm(
      t.url,
      '/api/uploads/avatar',
      tutor.client,
      fileForm(png, 'a.png', 'image/png'),
    );
    expect(upload.status).toBe(201);
    const feed = await tutor.client.post('/api/calendar-feed');
    expect(feed.status, feed.text).toBe(201);
    const admin = await createAdmin(t);
    const pendingTutor = await createTutor(db, { firstName: 'Pending', lastName: 'Tutor' });
    const bystander = await createStudent(t, { firstName: 'By', lastName: 'Stander' });
    const review = await db
      .insertInto('reviews')
      .values({
        tutor_profile_id: tutor.id,
        student_id: bystander.id,
        rating: 2,
        comment: 'Rude.',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const report = await db
      .insertInto('reports')
      .values({
        reporter_id: student.id,
        kind: 'review',
        reported_user_id: bystander.id,
        review_id: review.id,
        reason: 'abuse',
        created_at: mornings.NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const conversation = await student.client.post('/api/conversations', { tutorId: tutor.id });
    expect(conversation.status, conversation.text).toBe(201);
    world = {
      conversationId: conversation.json.conversation.id,
      student,
      tutor,
      lessonId,
      studentPackageId: bought.id,
      paymentId,
      tutorPackageId: created.json.package.id,
      checkoutSessionId: checkout.json.sessionId,
      avatarPath: ((await upload.json()) as { path: string }).path,
      calendarToken: (feed.json.url as string).match(/\/calendar\/(.+)\.ics$/)![1]!,
      notificationId: String(await rescheduleNotification(db, student.id, lessonId)),
      admin,
      pendingTutorId: pendingTutor.id,
      bystanderId: bystander.id,
      reviewId: review.id,
      reportId: report.id,
    };
    const document = await fetch(`${t.url}/api/docs/json`).then((r) => r.json());
    operations = Object.entries(
      document.paths as Record<string, Record<string, Operation>>,
    ).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]): [string, Operation] => [
        `${method.toUpperCase()} ${path}`,
        operation,
      ]),
    );
    // Two sign-ups through the API (password hashing, mailed codes): slow on a crowded machine.
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  async function send(caller: Caller, request: Request) {
    const clients = { student: world.student, tutor: world.tutor, admin: world.admin };
    const client = caller === 'anonymous' ? null : clients[caller].client;
    const response = await fetch(
      `${t.url}${request.path}${request.query ? `?${request.query}` : ''}`,
      {
        method: request.method,
        redirect: 'manual',
        headers: {
          origin: t.url,
          ...(client && { cookie: client.cookieHeader() }),
          ...(request.body && { 'content-type': request.body.type }),
        },
        body: request.body?.text,
      },
    );
    return { status: response.status, text: await response.text() };
  }

  /** A request sent byte for byte: fetch (and a URL) would resolve dot segments first. */
  function sendRaw(path: string, method: string, headers: Record<string, string>, body?: string) {
    const { hostname, port } = new URL(t.url);
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      const length = { 'content-length': String(Buffer.byteLength(body ?? '')) };
      const options = { hostname, port, path, method, headers: { ...headers, ...length } };
      const request = http.request({ ...options, agent: false }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, text }));
      });
      request.on('error', (error) => reject(new Error(`${method} ${path}: ${String(error)}`)));
      request.end(body);
    });
  }

  /** Everything the API stores, fingerprinted table by table (the rate limits' counters aside). */
  async function fingerprint() {
    const tables = await sql<{ name: string }>`
      select tablename as name from pg_tables
      where schemaname = 'public' and tablename <> 'rate_limits' order by tablename`.execute(
      t.database.db,
    );
    const digests: Record<string, string> = {};
    for (const { name } of tables.rows) {
      const { rows } = await sql<{ digest: string }>`
        select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest
        from ${sql.table(name)} t`.execute(t.database.db);
      digests[name] = rows[0]!.digest;
    }
    return digests;
  }

  // The spellings of /api/… a router may take for the canonical path (ADR 023).
  const ENCODINGS: [string, (path: string) => string][] = [
    ['%61pi', (path) => path.replace(/^\/api\//, '/%61pi/')],
    ['//', (path) => path.replace(/^\/api\//, '/api//')],
    ['API', (path) => path.replace(/^\/api\//, '/API/')],
    ['/./', (path) => path.replace(/^\/api\//, '/api/./')],
    ['%2e', (path) => path.replace(/^\/api\//, '/api/%2e/')],
  ];

  it('refuses every state-changing operation at a non-canonical path from another origin, and nothing changes', async () => {
    const before = await fingerprint();
    const wrong: string[] = [];
    let sent = 0;
    for (const [name, operation] of operations) {
      const path = name.split(' ')[1]!;
      if (name.startsWith('GET ') || !path.startsWith('/api/')) continue;
      const caller = callerOf(path);
      // Signed in whatever the operation: the attacker rides a victim's session cookie.
      const victim =
        caller === 'anonymous'
          ? world.student
          : { student: world.student, tutor: world.tutor, admin: world.admin }[caller];
      const request = requestOf(name, examplesOf(name, operation, world)[0]!);
      const target = `${request.path}${request.query ? `?${request.query}` : ''}`;
      const headers = (origin: string, type: string | undefined) => ({
        origin,
        'sec-fetch-site': 'same-site',
        cookie: victim.client.cookieHeader(),
        ...(type && { 'content-type': type }),
      });
      const evil = headers('https://evil.example', request.body?.type);
      const check = async (
        label: string,
        response: { status: number; text: string },
        ok: (status: number, text: string) => boolean,
      ) => {
        sent += 1;
        if (!ok(response.status, response.text))
          wrong.push(`${name} [${label}] → ${response.status} ${response.text.slice(0, 100)}`);
      };
      for (const [encoding, encode] of ENCODINGS) {
        const response = await sendRaw(encode(target), request.method, evil, request.body?.text);
        await check(
          encoding,
          response,
          (status, text) => status === 400 && text.includes('canonical form'),
        );
      }
      // The canonical path from another origin, and a "simple" text/plain post from our own.
      await check(
        'other origin',
        await sendRaw(target, request.method, evil, request.body?.text),
        (status) => status === 403,
      );
      const plain = headers(t.url, 'text/plain');
      await check(
        'text/plain',
        await sendRaw(target, request.method, plain, request.body?.text ?? 'x'),
        (status) => status === 415,
      );
    }
    expect(wrong).toEqual([]);
    expect(sent).toBeGreaterThan(200);
    expect(await fingerprint()).toEqual(before);
  }, 300_000);

  it('answers no 5xx to any of them, and each valid request gets past validation and sign-in', async () => {
    expect(operations.length).toBeGreaterThan(40);
    const failures: string[] = [];
    let sent = 0;
    for (const [name, operation] of operations) {
      const caller = callerOf(name.split(' ')[1]!);
      for (const [input, request] of mutationsOf(name, examplesOf(name, operation, world))) {
        // The account endpoints' per-address limits would hide what lies behind them.
        if (caller === 'anonymous') await t.database.db.deleteFrom('rate_limits').execute();
        const response = await send(caller, request);
        sent += 1;
        if (response.status >= 500)
          failures.push(`${name} [${input}] → ${response.status} ${response.text.slice(0, 120)}`);
        if (
          input === 'the valid request' &&
          /VALIDATION_FAILED|UNAUTHENTICATED|EMAIL_NOT_VERIFIED/.test(response.text)
        )
          failures.push(`${name}: the valid request was refused: ${response.text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
    // ~2,000 requests: about half a minute of one core; far longer on a crowded machine.
  }, 300_000);
});
