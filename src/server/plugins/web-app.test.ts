import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../scripts/build-steps.mjs';
import { startTestApp, type TestApp } from '../test/test-app';
import { COMPRESSION_THRESHOLD } from './compression';
import { HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS } from './keep-alive';
import { IMMUTABLE, REVALIDATE } from './web-app';

// The HTTP side of speed (issue #13) against the real app serving a real web root: a tiny built
// app (a shell, a hashed script, a favicon, Vite's manifest) precompressed by the build's own
// step. Requests go through node:http, which (unlike fetch) shows the bytes as sent.
const SCRIPT = `export const lessons = ${JSON.stringify(
  Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Lesson ${i}` })),
)};\n`;
const SHELL =
  '<!doctype html><html lang="en"><head><title>Tutora</title>' +
  '<script type="module" src="/assets/index-Ab12Cd34.js"></script></head>' +
  `<body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** The body as the browser reads it, after undoing the Content-Encoding. */
function decoded({ headers, body }: RawResponse): string {
  const encoding = headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  expect(encoding).toBeUndefined();
  return body.toString();
}

const PAGE = { accept: 'text/html,application/xhtml+xml' };

describe('serving the web app and the API over HTTP', () => {
  let t: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'tutora-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    mkdirSync(path.join(webRoot, '.vite'));
    writeFileSync(path.join(webRoot, 'index.html'), SHELL);
    writeFileSync(path.join(webRoot, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
    writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), '{"index.html":{}}');
    await precompress(webRoot);
    t = await startTestApp('pglite', {}, { webRoot });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  describe('hashed assets', () => {
    const asset = () => `${t.url}/assets/index-Ab12Cd34.js`;

    it('go out precompressed with brotli, cached for a year', async () => {
      const response = await get(asset(), { 'accept-encoding': 'gzip, deflate, br' });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      // The build's file as it is: its length is known, nothing was compressed per request.
      expect(Number(response.headers['content-length'])).toBe(response.body.length);
      expect(response.body.length).toBeLessThan(SCRIPT.length / 4);
      expect(decoded(response)).toBe(SCRIPT);
    });

    it('go out gzipped to a browser without brotli, and raw to one without either', async () => {
      const gzipped = await get(asset(), { 'accept-encoding': 'gzip' });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(decoded(gzipped)).toBe(SCRIPT);

      const raw = await get(asset());
      expect(raw.headers['content-encoding']).toBeUndefined();
      expect(raw.headers['cache-control']).toBe(IMMUTABLE);
      expect(raw.body.toString()).toBe(SCRIPT);
    });

    it('answer 304 to a browser that has them', async () => {
      const first = await get(asset(), { 'accept-encoding': 'br' });
      const again = await get(asset(), {
        'accept-encoding': 'br',
        'if-none-match': String(first.headers.etag),
      });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    });

    it('a missing asset is a 404, never the page', async () => {
      const response = await get(`${t.url}/assets/index-Gone0000.js`, {
        'accept-encoding': 'br',
      });
      expect(response.status).toBe(404);
    });
  });

  describe('the SPA shell', () => {
    it.each(['/', '/sign-in', '/student/tutors', '/index.html'])(
      '%s is the shell, always revalidated, with an ETag and a 304 when unchanged',
      async (route) => {
        const page = await get(`${t.url}${route}`, { ...PAGE, 'accept-encoding': 'br, gzip' });
        expect(page.status).toBe(200);
        expect(page.headers['content-type']).toMatch(/text\/html/);
        expect(page.headers['cache-control']).toBe(REVALIDATE);
        expect(page.headers['content-encoding']).toBe('br');
        expect(decoded(page)).toBe(SHELL);
        const etag = page.headers.etag;
        expect(etag).toBeTruthy();

        const unchanged = await get(`${t.url}${route}`, {
          ...PAGE,
          'accept-encoding': 'br, gzip',
          'if-none-match': String(etag),
        });
        expect(unchanged.status).toBe(304);
        expect(unchanged.body.length).toBe(0);
        expect(unchanged.headers['cache-control']).toBe(REVALIDATE);
      },
    );

    it('files outside /assets (no hash in their name) are revalidated too', async () => {
      const icon = await get(`${t.url}/favicon.svg`, { 'accept-encoding': 'gzip' });
      expect(icon.status).toBe(200);
      expect(icon.headers['cache-control']).toBe(REVALIDATE);
    });

    it("the build's manifest is not served", async () => {
      const response = await get(`${t.url}/.vite/manifest.json`);
      expect(response.status).toBe(404);
      expect(response.body.toString()).not.toContain('index.html');
    });

    it('an unknown API path is a JSON 404, not the page', async () => {
      const response = await get(`${t.url}/api/nothing-here`, PAGE);
      expect(response.status).toBe(404);
      expect(JSON.parse(decoded(response)).error.code).toBe('NOT_FOUND');
    });
  });

  describe('API answers', () => {
    it('above the threshold are compressed with brotli, or gzip, and read back the same', async () => {
      const raw = await get(`${t.url}/api/reference`);
      expect(raw.headers['content-encoding']).toBeUndefined();
      expect(raw.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD);

      const br = await get(`${t.url}/api/reference`, { 'accept-encoding': 'gzip, br' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.body.length).toBeLessThan(raw.body.length / 2);
      expect(JSON.parse(decoded(br))).toEqual(JSON.parse(raw.body.toString()));

      const gzip = await get(`${t.url}/api/reference`, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(decoded(gzip))).toEqual(JSON.parse(raw.body.toString()));
    });

    it('below the threshold go out as they are', async () => {
      const health = await get(`${t.url}/api/health`, { 'accept-encoding': 'br, gzip' });
      expect(health.status).toBe(200);
      expect(health.body.length).toBeLessThan(COMPRESSION_THRESHOLD);
      expect(health.headers['content-encoding']).toBeUndefined();
    });
  });

  it('keeps idle connections open longer than a proxy does (60 s), headers allowed as long', () => {
    const server = t.app.server;
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
    expect(server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    expect(server.requestTimeout === 0 || server.requestTimeout >= server.headersTimeout).toBe(
      true,
    );
  });
});
