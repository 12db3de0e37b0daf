import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Bodies smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

// JSON, text and scripts, never event streams (they must flush per event) nor binary downloads
// (images are compressed already; a raw stream keeps its Content-Length and byte ranges).
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)|javascript|[+/]xml(?:;|$)/u;

/**
 * Brotli (or gzip) for API answers above the threshold. Built assets are compressed at build
 * time and served as they are (see web-app.ts); a body already encoded is left alone, and a
 * 304 or an upgrade to WebSocket has no body to compress.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
  });
}
