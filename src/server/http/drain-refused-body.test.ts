import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/database';
import { testEnv } from '../test/test-app';
import { openTestDatabase } from '../test/test-database';

// A client still sending an oversized body when the 413 comes: the answer must reach it, and
// its writes must not be cut by a reset. Deterministic: the client reads the 413 halfway through
// its body, then sends the rest and a second request on the same connection.

const MB = 1024 * 1024;

describe('an oversized body', () => {
  let database: Database;
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildApp({ env: testEnv(), db: database.db, driver: 'pglite', version: 'test' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('is answered 413 while it is still being sent, and the connection lives on', async () => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    const errors: Error[] = [];
    socket.on('error', (error) => errors.push(error));
    const until = async (done: () => boolean) => {
      while (!done()) await new Promise((resolve) => socket.once('data', resolve));
    };
    const write = (data: string | Buffer) =>
      new Promise<void>((resolve, reject) =>
        socket.write(data, (error) => (error ? reject(error) : resolve())),
      );
    const size = 10 * MB;
    await write(
      `POST /api/auth/sign-in HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
    );
    const chunk = Buffer.alloc(MB, 'x');
    await write(chunk);
    await until(() => received.includes('PAYLOAD_TOO_LARGE'));
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    for (let sent = MB; sent < size; sent += MB) await write(chunk);
    received = '';
    await write('GET /api/health/nothing HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    await until(() => received.includes('NOT_FOUND'));
    expect(received).toMatch(/^HTTP\/1\.1 404 /);
    expect(errors).toEqual([]);
    socket.destroy();
  });
});
