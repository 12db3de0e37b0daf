import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { existsSync } from 'node:fs';
import { freePort } from '../../../src/server/test/free-port';

// coturn (Debian's `coturn`, installed by .ci/run) on loopback for the classroom's TURN path:
// the REST shared-secret scheme the app mints credentials for, UDP only, no TLS.

export const TURNSERVER = '/usr/bin/turnserver';
export const hasTurnserver = existsSync(TURNSERVER);

export interface Coturn {
  url: string;
  secret: string;
  close(): Promise<void>;
}

export async function startCoturn(): Promise<Coturn> {
  const port = await freePort();
  const secret = randomBytes(16).toString('hex');
  const child = spawn(
    TURNSERVER,
    [
      '-n',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${port}`,
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      '--realm=tutora.test',
      '--no-tls',
      '--no-dtls',
      '--no-tcp',
      // Both browsers are on this machine: their relayed peers are loopback addresses.
      '--allow-loopback-peers',
      '--no-cli',
      '--min-port=49152',
      '--max-port=65535',
      '--log-file=stdout',
      '--simple-log',
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await answersStun(port);
  return {
    url: `turn:127.0.0.1:${port}?transport=udp`,
    secret,
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resolves once the server answers a STUN binding request on `port` (it is listening). */
function answersStun(port: number): Promise<void> {
  const socket = createSocket('udp4');
  const request = Buffer.alloc(20);
  request.writeUInt16BE(0x0001, 0); // Binding request
  request.writeUInt16BE(0, 2);
  request.writeUInt32BE(0x2112a442, 4); // magic cookie
  randomBytes(12).copy(request, 8);
  return new Promise((resolve, reject) => {
    const deadline = setTimeout(() => finish(new Error('coturn did not start')), 10_000);
    const retry = setInterval(() => socket.send(request, port, '127.0.0.1'), 100);
    const finish = (error?: Error) => {
      clearTimeout(deadline);
      clearInterval(retry);
      socket.close();
      if (error) reject(error);
      else resolve();
    };
    socket.once('message', () => finish());
    socket.send(request, port, '127.0.0.1');
  });
}
