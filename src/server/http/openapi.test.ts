import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from '../../contracts/error-codes';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/database';
import { testEnv } from '../test/test-app';

interface Operation {
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}

/**
 * Operations that cannot be asked wrongly, so they answer no 4xx: public reads without any
 * input. Each is checked below to really take none.
 */
const NO_CLIENT_ERRORS = [
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/reference',
  'GET /api/auth/session',
  'GET /api/auth/providers',
];

const isClientError = (status: string) => /^4\d\d$/.test(status);

/** The shared error body: { error: { code, message, fields? } }, code one of ours. */
const errorBodySchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: ERROR_CODES },
        message: { type: 'string' },
        fields: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
  },
};

describe('the OpenAPI document at /api/docs', () => {
  let database: Database;
  let app: FastifyInstance;
  let operations: [string, Operation][];

  beforeAll(async () => {
    // The document needs no data: nothing listens on port 1, and nothing is queried.
    database = await openDatabase({
      driver: 'postgres',
      url: 'postgres://nobody@127.0.0.1:1/none',
    });
    app = await buildApp({ env: testEnv(), db: database.db, driver: 'postgres', version: 'test' });
    const response = await app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, Record<string, Operation>>;
    operations = Object.entries(paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]): [string, Operation] => [
        `${method.toUpperCase()} ${path}`,
        operation,
      ]),
    );
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('documents the 4xx answers of every operation that takes input or a session', () => {
    expect(operations.length).toBeGreaterThan(30);
    const undocumented = operations
      .filter(([name]) => !NO_CLIENT_ERRORS.includes(name))
      .filter(([, operation]) => !Object.keys(operation.responses).some(isClientError))
      .map(([name]) => name);
    expect(undocumented).toEqual([]);
  });

  it('lets only operations without any input go without a 4xx', () => {
    const exempt = operations.filter(([name]) => NO_CLIENT_ERRORS.includes(name));
    expect(exempt.map(([name]) => name).sort()).toEqual([...NO_CLIENT_ERRORS].sort());
    for (const [, operation] of exempt) {
      expect(operation.parameters ?? []).toEqual([]);
      expect(operation.requestBody).toBeUndefined();
    }
  });

  it('gives every 4xx the shared error body and names codes of that status', () => {
    for (const [name, operation] of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!isClientError(status)) continue;
        const schema = response.content?.['application/json']?.schema;
        expect({ name, status, schema }).toMatchObject({ name, status, schema: errorBodySchema });
        const codes = response.description.replace(/^Error: /, '').split(', ') as ErrorCode[];
        expect(codes.length).toBeGreaterThan(0);
        for (const code of codes)
          expect({ name, code, status: ERROR_STATUS[code] }).toEqual({
            name,
            code,
            status: Number(status),
          });
      }
    }
  });

  it('names why a booking is refused: a taken slot and a used trial each have their code', () => {
    const conflicts = (name: string) =>
      operations.find(([operation]) => operation === name)?.[1].responses['409']?.description;
    expect(conflicts('POST /api/lessons')).toBe('Error: SLOT_TAKEN, TRIAL_USED');
    expect(conflicts('POST /api/checkout')).toBe('Error: SLOT_TAKEN');
    expect(conflicts('POST /api/student-packages/{id}/lessons')).toBe(
      'Error: SLOT_TAKEN, PACKAGE_EXPIRED, PACKAGE_NOT_ACTIVE, NO_CREDITS_LEFT',
    );
    expect(conflicts('POST /api/lessons/{id}/reschedule')).toBe(
      'Error: SLOT_TAKEN, CANNOT_RESCHEDULE',
    );
    expect(conflicts('POST /api/lessons/{id}/move-request/accept')).toBe(
      'Error: SLOT_TAKEN, CANNOT_RESCHEDULE, MOVE_REQUEST_CLOSED',
    );
  });
});
