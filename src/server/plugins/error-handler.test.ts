import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { testEnv } from '../test/test-app';
import { openTestDatabase } from '../test/test-database';

// Routes that fail in each way a real route can, to check the single error handler.
const failingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/test/validated',
    { schema: { body: z.object({ email: z.email('Please enter a valid email address') }) } },
    async () => ({ ok: true }),
  );
  app.get('/api/test/conflict', async () => {
    throw new AppError('CONFLICT', 'This time slot is no longer available');
  });
  app.get('/api/test/crash', async () => {
    throw new Error('connection to 10.0.0.7 refused: password for admin');
  });
};

describe('error handler', () => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildApp({ env: testEnv(), db: database.db, driver: 'pglite', version: 'test' });
    await app.register(failingRoutes);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers a schema violation with 400 and the field message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/validated',
      payload: { email: 'nope' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Please enter a valid email address',
        fields: { email: 'Please enter a valid email address' },
      },
    });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/validated',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_REQUEST');
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/validated',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers an oversized body with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/validated',
      payload: { email: 'a'.repeat(2 * 1024 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a body nested past the bound with 400, before anything recursive reads it', async () => {
    for (const payload of [
      '['.repeat(5000) + ']'.repeat(5000),
      `{"email":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`,
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/validated',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'BAD_REQUEST',
        message: 'The request body nests too deeply.',
      });
    }
  });

  it('answers a body of too many values with 413', async () => {
    for (const payload of [
      `[${Array(50_000).fill('[]').join(',')}]`,
      `[${Array(100_000).fill(0).join(',')}]`,
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/validated',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    }
  });

  it('keeps brackets inside strings out of the count', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/validated',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: `${'[{,\\"'.repeat(20_000)}@x` }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('refuses a body of a type the route does not take (415), even one Fastify parses', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=X',
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/validated',
        headers: { 'content-type': type },
        payload: 'email=a@b.co',
      });
      expect(response.statusCode, type).toBe(415);
      expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('refuses a body sent without a type (415)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/validated',
      payload: Buffer.from('{"email":"a@b.co"}'),
      headers: { 'content-type': '' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('maps an AppError code to its status with its message', async () => {
    const response = await app.inject('/api/test/conflict');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'CONFLICT', message: 'This time slot is no longer available' },
    });
  });

  it('hides the internals of an unexpected failure', async () => {
    const response = await app.inject('/api/test/crash');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
    });
    expect(response.body).not.toMatch(/10\.0\.0\.7|password|stack/);
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await app.inject('/api/no-such-thing?x=1');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No route for GET /api/no-such-thing' },
    });
  });
});
