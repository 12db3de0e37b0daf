import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env';
import { servesApiDocs, servesDevMailbox, startWarnings } from './http/dev-tools-exposure';
import { PROJECT_ROOT } from './server';

// Everything production needs but the setting a case leaves out.
const productionBasics = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'x'.repeat(32),
  SMTP_URL: 'smtp://mail.example.com:587',
  LOCAL_CHECKOUT_IN_PRODUCTION: 'true',
};

describe('the dev mailbox and API docs', () => {
  const server = { HOST: '0.0.0.0', PUBLIC_URL: 'https://tutora.example.com' };
  it.each([
    ['a laptop (defaults)', {}, true],
    ['a forgotten NODE_ENV on every interface', server, false],
    ['a forgotten NODE_ENV on every interface, local address', { HOST: '0.0.0.0' }, false],
    ['a forgotten NODE_ENV behind a proxy on loopback', { PUBLIC_URL: server.PUBLIC_URL }, false],
    ['loopback over IPv6', { HOST: '::1', PUBLIC_URL: 'http://[::1]:3000' }, true],
    ['asked for on a server', { ...server, DEV_MAILBOX: 'true', API_DOCS: 'true' }, true],
    ['refused on a laptop', { DEV_MAILBOX: 'false', API_DOCS: 'false' }, false],
  ])('on %s: shown %s', (_where, source, shown) => {
    const env = loadEnv(source);
    expect(servesDevMailbox(env)).toBe(shown);
    expect(servesApiDocs(env)).toBe(shown);
  });

  it('never serves the mailbox in production, and docs there only when asked', () => {
    const production = loadEnv({ ...productionBasics, HOST: '127.0.0.1', DEV_MAILBOX: 'true' });
    expect(servesDevMailbox(production)).toBe(false);
    expect(servesApiDocs(production)).toBe(false);
    expect(servesApiDocs(loadEnv({ ...productionBasics, API_DOCS: 'true' }))).toBe(true);
  });

  it('warns at start when a public address is served without NODE_ENV', () => {
    expect(startWarnings(loadEnv(server))).toEqual([
      expect.stringMatching(/^NODE_ENV is not set, .*https:\/\/tutora\.example\.com/),
    ]);
    expect(startWarnings(loadEnv({}))).toEqual([]);
    expect(startWarnings(loadEnv({ ...server, NODE_ENV: 'development' }))).toEqual([]);
    expect(startWarnings(loadEnv({ ...productionBasics, ...server }))).toEqual([]);
  });
});

describe('loadEnv', () => {
  it('applies the documented defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATA_DIR: './data',
      GOOGLE_ISSUER: 'https://accounts.google.com',
      // Outside production, only this machine can reach the server unless HOST says otherwise.
      HOST: '127.0.0.1',
      NODE_ENV_GIVEN: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats empty values as unset', () => {
    expect(loadEnv({ DATABASE_URL: '', SMTP_URL: '  ' }).DATABASE_URL).toBeUndefined();
  });

  it('starts production with its required settings, trusting no proxy and showing no API docs', () => {
    expect(loadEnv(productionBasics)).toMatchObject({ TRUST_PROXY: false, HOST: '0.0.0.0' });
    expect(servesApiDocs(loadEnv(productionBasics))).toBe(false);
  });

  it.each([
    ['', false],
    ['false', false],
    [
      '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback',
      ['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback'],
    ],
  ])('reads TRUST_PROXY=%j as %j', (value, setting) => {
    expect(loadEnv({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(setting);
  });

  it.each([
    [{ DATABASE_URL: 'mysql://x@y/z' }, /DATABASE_URL must be a URL like postgres:\/\//],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL/],
    [{ PORT: 'eighty' }, /PORT/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL/],
    [{ NODE_ENV: 'production' }, /SESSION_SECRET is required in production/],
    [{ GOOGLE_CLIENT_ID: 'id-only' }, /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/],
    [{ S3_BUCKET: 'uploads' }, /set all of S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/],
    [{ S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' }, /set all of S3_BUCKET/],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_ENDPOINT needs S3_BUCKET/],
    [{ S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT must be a URL like https:\/\//],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE/],
    [{ ...productionBasics, SMTP_URL: '' }, /SMTP_URL is required in production/],
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY must be a comma list of the proxies' addresses/],
    [{ TRUST_PROXY: '1' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.1, proxy.example' }, /TRUST_PROXY/],
    [{ API_DOCS: 'yes' }, /API_DOCS/],
    [{ DEV_MAILBOX: '1' }, /DEV_MAILBOX/],
  ])('rejects %o with one clear line', (source, message) => {
    expect(() => loadEnv(source)).toThrow(ConfigError);
    expect(() => loadEnv(source)).toThrow(message);
    try {
      loadEnv(source);
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });
});

describe('start-up with bad configuration', () => {
  const start = (env: Record<string, string>) =>
    spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(PROJECT_ROOT, 'src/server/main.ts')],
      {
        env: { PATH: process.env.PATH, PORT: '0', LOG_LEVEL: 'silent', ...env },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );

  it('stops on a malformed DATABASE_URL with a one-line message', () => {
    const result = start({ DATABASE_URL: 'postgres//missing-colon' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(
      /^tutora: Invalid configuration: DATABASE_URL must be a URL like/,
    );
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('stops on an unwritable DATA_DIR with a one-line message', () => {
    // A regular file where a directory is expected cannot be written into, even by root.
    const dir = mkdtempSync(path.join(tmpdir(), 'tutora-env-'));
    const file = path.join(dir, 'occupied');
    writeFileSync(file, 'not a directory');
    const result = start({ DATA_DIR: file });
    rmSync(dir, { recursive: true, force: true });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      `tutora: DATA_DIR ${file} is not writable: a file stands where a folder is needed`,
    );
  });
});
