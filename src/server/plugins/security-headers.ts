import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Env } from '../env';

/**
 * Helmet's security headers on every answer. The middleware is built once here: the Fastify
 * wrapper (@fastify/helmet) built it again for each request, parsing the policy every time
 * (~5 % of a simple request's CPU).
 */
export function registerSecurityHeaders(app: FastifyInstance, env: Env) {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // react-hot-toast injects a <style> element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Tutors' introduction videos are embedded from YouTube and Vimeo.
        frameSrc: [
          'https://www.youtube.com',
          'https://www.youtube-nocookie.com',
          'https://player.vimeo.com',
        ],
        // 'self' covers the live socket (ws/wss to the same host) too.
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: env.NODE_ENV === 'production' ? [] : null,
      },
    },
    // Same-origin embeds of YouTube/Vimeo need their own isolation policy.
    crossOriginEmbedderPolicy: false,
    // HSTS only means something over HTTPS, i.e. in production behind TLS.
    strictTransportSecurity: env.NODE_ENV === 'production',
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
