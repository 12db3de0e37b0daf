import type { FastifyPluginAsync } from 'fastify';
import { recentMail } from './dev-mailbox.repository';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * /dev/mailbox: the mail the app would have sent, for development without SMTP_URL.
 * Registered only outside production and only when the dev mailbox is the mailer.
 */
export const devMailboxRoutes: FastifyPluginAsync = async (app) => {
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await recentMail(app.deps.db, 50);
    const items = messages
      .map(
        (m) => `<article><header><strong>${escapeHtml(m.subject)}</strong><br>
          <small>To ${escapeHtml(m.to_address)} · ${m.created_at.toISOString()}</small></header>
          <pre>${escapeHtml(m.text_body)}</pre></article>`,
      )
      .join('\n');
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev mailbox · Tutora</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color-scheme:light dark}
article{border:1px solid #8884;border-radius:10px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;font:inherit}</style>
</head><body><h1>Dev mailbox</h1><p>Mail Tutora sent while no SMTP server is configured (newest first). Not available in production.</p>
${items || '<p>No mail yet.</p>'}</body></html>`;
  });
};
