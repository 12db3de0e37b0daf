import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connectFake, strings, type ConnectFakeControls } from './stripe-connect-fake';
import {
  balanceHistory,
  dispatch,
  expandPaths,
  listPage,
  signedEvent,
  type FakeRoute,
} from './stripe-fake-api';

// A local stand-in for the few Stripe API endpoints the Stripe provider calls, so the real SDK
// (pointed here by host, port and protocol) runs its real code paths: form-encoded requests,
// JSON answers and errors shaped like Stripe's, idempotency keys honoured, and webhooks signed
// with the SDK's own signing. Test controls play the student's part on Stripe's hosted page.

export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  created: number;
  expires_at: number;
  success_url: string;
  cancel_url: string;
  url: string | null;
  payment_intent: string | null;
  livemode: false;
}

interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'processing' | 'succeeded';
  latest_charge: string | null;
}

interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  receipt_url: string;
  payment_method_details: { type: 'card'; card: { brand: string; last4: string } };
  refunded: boolean;
  status: 'succeeded';
}

export interface StripeFake extends ConnectFakeControls {
  /** The API origin to give the provider as `apiBase`. */
  url: string;
  /** Every session created, with the form parameters Stripe received for it. */
  sessions: Map<string, { session: FakeCheckoutSession; params: Record<string, FormValue> }>;
  /** Amount refunded on the session's charge so far (0 before payment). */
  refundedCents(sessionId: string): number;
  /** The refunds made on the session's payment, oldest first. */
  refunds(sessionId: string): FakeRefund[];
  /** The student pays by card: the session completes, paid, with an intent and a charge. */
  pay(sessionId: string): FakeCheckoutSession;
  /** The student pays by a delayed method: complete but unpaid until `pay` settles it. */
  payAsync(sessionId: string): FakeCheckoutSession;
  /** A webhook delivery about the session as it is now, signed with the webhook secret. */
  signedEvent(
    type: string,
    sessionId: string,
    options?: { timestamp?: Date; id?: string },
  ): { id: string; body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  metadata: Record<string, string>;
  status: 'succeeded';
  created: number;
}

/** Stripe forgets an idempotency key about 24 hours after its first use. */
const IDEMPOTENCY_KEY_LIFE_MS = 24 * 60 * 60 * 1000;

/** Stripe's bounds on a session's `expires_at`, in seconds from its creation. */
const SESSION_LIFE = { min: 30 * 60, max: 24 * 60 * 60 };

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'idempotency_error',
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

/**
 * Starts the fake on 127.0.0.1, port 0. `now` is Stripe's clock (for `created`, the
 * `expires_at` bounds and event timestamps); by default the machine's.
 */
export async function startStripeFake({
  webhookSecret,
  connectWebhookSecret = webhookSecret,
  now = () => new Date(),
}: {
  webhookSecret: string;
  /** What Connect events (about connected accounts) are signed with; by default the same. */
  connectWebhookSecret?: string;
  now?: () => Date;
}): Promise<StripeFake> {
  const sessions: StripeFake['sessions'] = new Map();
  const intents = new Map<string, FakePaymentIntent>();
  const charges = new Map<string, FakeCharge>();
  const refunds: FakeRefund[] = [];
  /** Idempotency-Key → the request it was first used with, Stripe's answer to it, and when. */
  const answered = new Map<
    string,
    { request: string; status: number; body: unknown; at: number }
  >();
  const seconds = () => Math.floor(now().getTime() / 1000);
  let url = '';
  const connect = connectFake({
    now,
    origin: () => url,
    webhookSecret,
    connectWebhookSecret,
    newId,
    invalid,
    notFound: (message, param) => new StripeApiError(404, 'invalid_request_error', message, param),
    book: (...args) => balance.book(...args),
  });
  // Charges and refunds here, transfers and reversals in Connect: one balance history.
  const balance = balanceHistory({
    newId,
    seconds,
    objectOf: (id) =>
      charges.get(id) ?? refunds.find((refund) => refund.id === id) ?? connect.objectOf(id),
  });

  /** A session as Stripe reports it now: an open session lapses at its `expires_at`. */
  function current(sessionId: string): FakeCheckoutSession {
    const entry = sessions.get(sessionId);
    if (!entry) {
      throw new StripeApiError(
        404,
        'invalid_request_error',
        `No such checkout.session: '${sessionId}'`,
        'session',
      );
    }
    const { session } = entry;
    if (session.status === 'open' && seconds() >= session.expires_at) {
      Object.assign(session, { status: 'expired', url: null });
    }
    return session;
  }

  function createSession(params: Record<string, FormValue>): FakeCheckoutSession {
    const item = at(params, 'line_items', '0');
    const amount = Number(at(item, 'price_data', 'unit_amount'));
    const currency = at(item, 'price_data', 'currency');
    const expiresAt = Number(params.expires_at ?? seconds() + SESSION_LIFE.max);
    if (params.mode !== 'payment') invalid('mode', 'Only payment mode is faked');
    if (!Number.isInteger(amount) || amount < 1)
      invalid('line_items[0][price_data][unit_amount]', 'Invalid integer');
    if (typeof currency !== 'string')
      invalid('line_items[0][price_data][currency]', 'Missing required param');
    if (typeof params.success_url !== 'string') invalid('success_url', 'Missing required param');
    if (typeof params.cancel_url !== 'string') invalid('cancel_url', 'Missing required param');
    if (expiresAt < seconds() + SESSION_LIFE.min || expiresAt > seconds() + SESSION_LIFE.max) {
      invalid(
        'expires_at',
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from now.',
      );
    }
    const id = newId('cs_test');
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: amount,
      amount_total: amount,
      currency,
      client_reference_id:
        typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
      metadata: strings(params.metadata),
      created: seconds(),
      expires_at: expiresAt,
      success_url: params.success_url as string,
      cancel_url: params.cancel_url as string,
      url: `${url}/c/pay/${id}`,
      payment_intent: null,
      livemode: false,
    };
    sessions.set(id, { session, params });
    return session;
  }

  function expireSession(sessionId: string): FakeCheckoutSession {
    const session = current(sessionId);
    if (session.status !== 'open') {
      invalid(
        undefined,
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${session.status}\`.`,
      );
    }
    return Object.assign(session, { status: 'expired', url: null });
  }

  function createRefund(params: Record<string, FormValue>) {
    const intent = intents.get(String(params.payment_intent));
    const charge = intent?.latest_charge ? charges.get(intent.latest_charge) : undefined;
    if (!intent)
      invalid('payment_intent', `No such payment_intent: '${String(params.payment_intent)}'`);
    if (!charge)
      invalid('payment_intent', 'This PaymentIntent does not have a successful charge to refund.');
    const left = charge.amount - charge.amount_refunded;
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) invalid('amount', 'Invalid positive integer');
    if (amount > left) {
      invalid(
        'amount',
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
      );
    }
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund: FakeRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: intent.id,
      metadata: strings(params.metadata),
      status: 'succeeded',
      created: seconds(),
    };
    refunds.push(refund);
    balance.book('refund', -amount, charge.currency, refund.id);
    return refund;
  }

  /** GET /v1/refunds: newest first, filtered by payment intent, paged by `starting_after`. */
  function listRefunds(params: Record<string, FormValue>) {
    const matching = refunds
      .filter(
        (r) => params.payment_intent === undefined || r.payment_intent === params.payment_intent,
      )
      .reverse();
    return listPage('/v1/refunds', matching, params);
  }

  /** Replaces ids by their objects along each dotted path, as Stripe's `expand` does. */
  function expanded(object: object, paths: string[]): object {
    const copy: Record<string, unknown> = { ...object };
    for (const path of paths) {
      const [field = '', ...rest] = path.split('.');
      const value = copy[field];
      const target = typeof value === 'string' ? (intents.get(value) ?? charges.get(value)) : value;
      if (target && typeof target === 'object') {
        copy[field] = rest.length ? expanded(target, [rest.join('.')]) : { ...target };
      }
    }
    return copy;
  }

  const routes: FakeRoute[] = [
    ['POST', /^\/v1\/checkout\/sessions$/, createSession],
    [
      'GET',
      /^\/v1\/checkout\/sessions\/([^/]+)$/,
      (params, id) => expanded(current(id), expandPaths(params)),
    ],
    ['POST', /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, (_params, id) => expireSession(id)],
    ['POST', /^\/v1\/refunds$/, createRefund],
    ['GET', /^\/v1\/refunds$/, listRefunds],
    ['GET', /^\/v1\/balance_transactions$/, (params) => balance.list(params)],
  ];

  function route(method: string, path: string, params: Record<string, FormValue>): object {
    const answer = dispatch(routes, method, path, params) ?? connect.route(method, path, params);
    if (answer) return answer;
    throw new StripeApiError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${path}).`,
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const { pathname, search } = new URL(req.url ?? '/', url);
    const body = await readBody(req);
    const method = req.method ?? 'GET';
    const params = parseForm(method === 'GET' ? search.slice(1) : body);
    const key = req.headers['idempotency-key'];
    const request = `${method} ${pathname} ${body}`;
    const remembered = typeof key === 'string' && method === 'POST' ? answered.get(key) : undefined;
    // A key older than Stripe keeps them is forgotten: the same request runs again.
    const previous =
      remembered && now().getTime() - remembered.at < IDEMPOTENCY_KEY_LIFE_MS
        ? remembered
        : undefined;
    if (previous?.request === request) {
      return send(res, previous.status, previous.body, { 'idempotent-replayed': 'true' });
    }
    let status = 200;
    let answer: unknown;
    try {
      if (previous) throw idempotencyError(String(key));
      answer = route(method, pathname, params);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      answer = apiError(error);
    }
    // As Stripe: a request refused before it ran (bad parameters) leaves its key unused.
    if (typeof key === 'string' && method === 'POST' && status === 200) {
      answered.set(key, { request, status, body: answer, at: now().getTime() });
    }
    send(res, status, answer);
  }

  function settle(sessionId: string, paid: boolean): FakeCheckoutSession {
    const session = current(sessionId);
    const settling = session.status === 'complete' && session.payment_status === 'unpaid';
    if (session.status !== 'open' && !(paid && settling)) {
      throw new Error(
        `session ${sessionId} is ${session.status}, ${session.payment_status}: it cannot be paid`,
      );
    }
    const existing = session.payment_intent ? intents.get(session.payment_intent) : undefined;
    const intent: FakePaymentIntent = existing ?? {
      id: newId('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      currency: session.currency,
      status: 'processing',
      latest_charge: null,
    };
    intents.set(intent.id, intent);
    if (paid) {
      const chargeId = newId('ch');
      charges.set(chargeId, {
        id: chargeId,
        object: 'charge',
        amount: intent.amount,
        amount_refunded: 0,
        currency: intent.currency,
        payment_intent: intent.id,
        receipt_url: `${url}/receipts/payment/${chargeId}`,
        // Stripe's test card 4242 4242 4242 4242.
        payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242' } },
        refunded: false,
        status: 'succeeded',
      });
      balance.book('charge', intent.amount, intent.currency, chargeId);
      Object.assign(intent, { status: 'succeeded', latest_charge: chargeId });
    }
    return Object.assign(session, {
      status: 'complete',
      payment_status: paid ? 'paid' : 'unpaid',
      payment_intent: intent.id,
      url: null,
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      send(res, 500, { error: { type: 'api_error', message: String(error) } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  return {
    ...connect.controls,
    url,
    sessions,
    pay: (sessionId) => settle(sessionId, true),
    payAsync: (sessionId) => settle(sessionId, false),
    signedEvent: (type, sessionId, { timestamp = now(), id = newId('evt') } = {}) =>
      signedEvent({
        id,
        type,
        created: Math.floor(timestamp.getTime() / 1000),
        object: current(sessionId),
        secret: webhookSecret,
      }),
    refunds: (sessionId) => {
      const intent = sessions.get(sessionId)?.session.payment_intent;
      return refunds.filter((r) => r.payment_intent === intent);
    },
    refundedCents: (sessionId) => {
      const intentId = sessions.get(sessionId)?.session.payment_intent;
      const chargeId = intentId ? intents.get(intentId)?.latest_charge : null;
      return chargeId ? (charges.get(chargeId)?.amount_refunded ?? 0) : 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        connect.controls.sendWebhooksTo(null);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function invalid(param: string | undefined, message: string): never {
  throw new StripeApiError(400, 'invalid_request_error', message, param);
}

function idempotencyError(key: string): StripeApiError {
  return new StripeApiError(
    400,
    'idempotency_error',
    `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
  );
}

function apiError({ type, message, param }: StripeApiError) {
  return { error: { type, message, ...(param ? { param } : {}) } };
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': newId('req'),
    ...headers,
  });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Stripe's form encoding (`a[b][0][c]=v`) back into objects and arrays. */
export function parseForm(text: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    const last = path.pop() ?? '';
    let node = root;
    for (const part of path) {
      const next = node[part];
      node = (next && typeof next === 'object' ? next : (node[part] = {})) as Record<
        string,
        FormValue
      >;
    }
    node[last] = value;
  }
  return withArrays(root) as Record<string, FormValue>;
}

/** Objects keyed 0, 1, … (how the form encoding sends arrays) become arrays. */
function withArrays(value: FormValue): FormValue {
  if (typeof value === 'string') return value;
  const entries = Object.entries(value).map(([key, item]) => [key, withArrays(item)] as const);
  const indexed = entries.length > 0 && entries.every(([key], index) => key === String(index));
  return indexed ? entries.map(([, item]) => item) : Object.fromEntries(entries);
}

function at(value: FormValue | undefined, ...path: string[]): FormValue | undefined {
  let node = value;
  for (const part of path) {
    node = node && typeof node === 'object' ? (node as Record<string, FormValue>)[part] : undefined;
  }
  return node;
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}
