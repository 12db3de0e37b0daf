import { createServer } from 'node:net';

export interface ReservedPort {
  port: number;
  /** Lets go of the port: call right before listening on it. */
  release(): Promise<void>;
}

/**
 * A TCP port on 127.0.0.1 held open until released, for an app whose public URL must name its
 * port before it listens: test files run side by side, and a port let go at once could be
 * handed to another file's app or connection while this app is still being built.
 */
export function reservePort(): Promise<ReservedPort> {
  return new Promise((resolve, reject) => {
    // Unreferenced: a test that fails before releasing it does not keep the process alive.
    const probe = createServer().unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      resolve({ port, release: () => new Promise((done) => probe.close(() => done())) });
    });
  });
}

/** A TCP port free right now on 127.0.0.1 (for apps whose public URL must be known up front). */
export async function freePort(): Promise<number> {
  const reserved = await reservePort();
  await reserved.release();
  return reserved.port;
}
