import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob } from '../adapters/jobs/define-job';
import { currentRequestId, withRequestId } from '../http/request-context';
import { startTestApp, type TestApp } from '../test/test-app';
import { TEST_DRIVERS } from '../test/test-database';

const TOKEN = 'metrics-token-0123456789';

describe.each(TEST_DRIVERS)('metrics and request ids on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, { METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const response = await fetch(`${t.url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text();
  };

  it('refuses a scrape without the token, or with another', async () => {
    expect((await fetch(`${t.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${t.url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN.replace('0', 'x')}` },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain('tutora_');
  });

  it('counts requests by matched route, never by raw URL, with latency and 4xx/5xx', async () => {
    for (const id of ['a1', 'b2', 'c3']) await fetch(`${t.url}/api/tutors/${id}/slots`);
    await fetch(`${t.url}/no-such-path-${Date.now()}`);
    await fetch(`${t.url}/api/health/live`);
    const text = await scrape();
    expect(text).toMatch(
      /tutora_http_requests_total\{method="GET",route="\/api\/health\/live",status="200"\} 1/,
    );
    const slots = text.match(
      /tutora_http_requests_total\{[^}]*route="\/api\/tutors\/:id\/slots"[^}]*\} (\d+)/,
    );
    expect(Number(slots?.[1])).toBe(3);
    expect(text).not.toContain('a1');
    expect(text).not.toContain('no-such-path');
    expect(text).toContain('route="unmatched"');
    expect(text).toMatch(
      /tutora_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/health\/live"/,
    );
    expect(text).toContain('tutora_live_sockets 0');
    expect(text).toContain('tutora_process_cpu_user_seconds_total');
    if (driver === 'postgres')
      expect(text).toMatch(/tutora_db_pool_connections\{state="total"\} \d+/);
  });

  it('shows the job queue by queue and state', async () => {
    const text = await scrape();
    // The workers created their queues; completed jobs of earlier tests may show too.
    expect(text).toContain('# TYPE tutora_jobs gauge');
  });

  it("answers with the balancer's request id, or a new one", async () => {
    const given = await fetch(`${t.url}/api/health/live`, {
      headers: { 'x-request-id': 'lb-1234.abcd' },
    });
    expect(given.headers.get('x-request-id')).toBe('lb-1234.abcd');
    const odd = await fetch(`${t.url}/api/health/live`, {
      headers: { 'x-request-id': 'has spaces\tand more' },
    });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('passes the sending request id to the job, and its data as sent', async () => {
    const seen: { data: object; requestId: string | undefined }[] = [];
    let done!: () => void;
    const ran = new Promise<void>((resolve) => (done = resolve));
    const job = defineJob('metrics-test-job', z.object({ n: z.number() }));
    await t.app.deps.jobs.work(job, async (data) => {
      seen.push({ data, requestId: currentRequestId() });
      done();
    });
    await withRequestId('req-from-test', () => t.app.deps.jobs.send(job, { n: 7 }));
    await ran;
    expect(seen).toEqual([{ data: { n: 7 }, requestId: 'req-from-test' }]);
  });
});
