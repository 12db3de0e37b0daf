import type { FastifyReply, FastifyRequest } from 'fastify';

/** The most of a refused body read and dropped; past it the connection is closed. */
export const MAX_DRAINED_BYTES = 64 * 1024 * 1024;

/**
 * Lets a 413 reach a client that is still sending its body. Fastify answers before reading an
 * oversized body and closes the connection; closing a socket with unread data sends a TCP
 * reset, which can destroy the answer on the client's side before it is read (a "connection
 * reset" instead of 413). So the rest of the body, up to a bound, is read and dropped and the
 * connection stays open, as a lingering close does in nginx and Apache.
 */
export function drainRefusedBody(request: FastifyRequest, reply: FastifyReply) {
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return;
  const declared = Number(request.headers['content-length'] ?? Number.NaN);
  if (declared > MAX_DRAINED_BYTES) return;
  let drained = 0;
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > MAX_DRAINED_BYTES) raw.socket.destroy();
  });
  raw.resume();
  reply.removeHeader('connection');
}
