import http from 'node:http';

// The load generator of `npm run bench:booking`, in its own process (like autocannon) so that
// it does not share the app's event loop. The bench sends it one job at a time over IPC; it
// answers with what it saw. Plain node:http with a keep-alive agent: the cheapest client, so
// the figures are the server's as far as one machine allows.

/** One HTTP request; a cookie signs it in, `json` or `form` is its body. */
export interface PlannedRequest {
  method: 'GET' | 'POST';
  path: string;
  cookie?: string;
  json?: object;
  form?: string;
}

export type ClientJob =
  /** Independent requests, `concurrency` under way at once (all at once for a race). */
  | { kind: 'requests'; url: string; concurrency: number; requests: PlannedRequest[] }
  /** Paid bookings as a browser makes them: each checkout, then Pay on the hosted page. */
  | { kind: 'bookings'; url: string; concurrency: number; checkouts: PlannedRequest[] };

export interface Reply {
  status: number;
  location?: string;
  body: string;
  ms: number;
}

export interface BookingOutcome {
  paymentId?: string;
  /** Milliseconds from sending the checkout to the hosted page's redirect. */
  totalMs: number;
  checkoutMs: number;
  payMs: number;
  /** Where it failed and what the server said, if it did. */
  failure?: string;
}

type JobResult =
  | { kind: 'requests'; seconds: number; replies: Reply[] }
  | { kind: 'bookings'; seconds: number; outcomes: BookingOutcome[] };

/** What a job saw, and the CPU the client itself spent on it (to tell its share). */
export type ClientResult = JobResult & { clientCpuMs: number };

/** The hosted checkout's form, filled with a test card it charges (local-test-cards.ts). */
export const PAY_FORM = new URLSearchParams({
  cardNumber: '4242 4242 4242 4242',
  expiry: '12 / 39',
  cvc: '123',
  name: 'Bench Student',
}).toString();

export const payRequest = (sessionId: string): PlannedRequest => ({
  method: 'POST',
  path: `/checkout/local/${sessionId}/pay`,
  form: PAY_FORM,
});

/** The hosted page answers a successful payment with a redirect to our success page. */
export const paidRedirect = (reply: Reply) =>
  reply.status === 303 && (reply.location ?? '').includes('/payment/success');

const now = () => performance.now();

function send(agent: http.Agent, url: URL, planned: PlannedRequest): Promise<Reply> {
  const body =
    planned.json !== undefined ? JSON.stringify(planned.json) : (planned.form ?? undefined);
  const headers: Record<string, string | number> = { origin: url.origin };
  if (planned.cookie) headers.cookie = planned.cookie;
  if (body !== undefined) {
    headers['content-type'] =
      planned.json !== undefined ? 'application/json' : 'application/x-www-form-urlencoded';
    headers['content-length'] = Buffer.byteLength(body);
  }
  const sent = now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: planned.method,
        path: planned.path,
        headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: now() - sent,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Runs `work(i)` for i in [0, count) with at most `concurrency` under way. */
async function pool<T>(count: number, concurrency: number, work: (index: number) => Promise<T>) {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await work(index);
      }
    }),
  );
  return results;
}

async function book(
  agent: http.Agent,
  url: URL,
  checkoutRequest: PlannedRequest,
): Promise<BookingOutcome> {
  const checkout = await send(agent, url, checkoutRequest);
  if (checkout.status !== 201)
    return {
      totalMs: checkout.ms,
      checkoutMs: checkout.ms,
      payMs: 0,
      failure: `checkout ${checkout.status} ${checkout.body.slice(0, 200)}`,
    };
  const { payment, sessionId } = JSON.parse(checkout.body) as {
    payment: { id: string };
    sessionId: string;
  };
  // The page delivers the signed webhook to our endpoint, then redirects to the success page.
  const pay = await send(agent, url, payRequest(sessionId));
  return {
    paymentId: payment.id,
    totalMs: checkout.ms + pay.ms,
    checkoutMs: checkout.ms,
    payMs: pay.ms,
    ...(paidRedirect(pay) ? {} : { failure: `pay ${pay.status} ${pay.body.slice(0, 200)}` }),
  };
}

async function runJob(job: ClientJob): Promise<JobResult> {
  const url = new URL(job.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });
  const started = now();
  try {
    if (job.kind === 'requests') {
      const replies = await pool(job.requests.length, job.concurrency, (index) =>
        send(agent, url, job.requests[index]!),
      );
      return { kind: 'requests', seconds: (now() - started) / 1000, replies };
    }
    const outcomes = await pool(job.checkouts.length, job.concurrency, (index) =>
      book(agent, url, job.checkouts[index]!).catch((error: unknown): BookingOutcome => ({
        totalMs: 0,
        checkoutMs: 0,
        payMs: 0,
        failure: `network ${(error as Error).message}`,
      })),
    );
    return { kind: 'bookings', seconds: (now() - started) / 1000, outcomes };
  } finally {
    agent.destroy();
  }
}

// Only as the bench's child (with an IPC channel); the bench itself imports the helpers above.
if (process.send) {
  process.on('message', (job: ClientJob) => {
    const cpu = process.cpuUsage();
    runJob(job).then(
      (result) => {
        const used = process.cpuUsage(cpu);
        process.send!({ ...result, clientCpuMs: (used.user + used.system) / 1000 });
      },
      (error: unknown) => {
        console.error('booking client failed:', error);
        process.exit(1);
      },
    );
  });
}
