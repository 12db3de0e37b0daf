import type { FastifyPluginAsync } from 'fastify';
import { API_MESSAGES } from '../../../domain/messages';
import { AppError } from '../../errors';
import { escapeHtml } from '../../http/escape-html';
import { findAttachment, recentMail } from './dev-mailbox.repository';

const attachmentPath = (id: number) => `/dev/mailbox/attachments/${id}`;

/** A filename safe inside a quoted header parameter: printable ASCII without quotes (Node refuses more). */
const headerFilename = (name: string) => name.replace(/[^\x20-\x7e]|["\\]/g, '_');

/**
 * /dev/mailbox: the mail the app would have sent, for development without SMTP_URL.
 * Registered only outside production and only when the dev mailbox is the mailer.
 */
export const devMailboxRoutes: FastifyPluginAsync = async (app) => {
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await recentMail(app.deps.db, 50);
    const items = messages
      .map((m) => {
        const links = m.attachments
          .map(
            (a) =>
              `<li><a href="${attachmentPath(a.id)}" download="${escapeHtml(a.filename)}">${escapeHtml(a.filename)}</a></li>`,
          )
          .join('');
        return `<article><header><strong>${escapeHtml(m.subject)}</strong><br>
          <small>To ${escapeHtml(m.to_address)} · ${m.created_at.toISOString()}</small></header>
          <pre>${escapeHtml(m.text_body)}</pre>${links ? `<ul class="attachments">${links}</ul>` : ''}</article>`;
      })
      .join('\n');
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev mailbox · Tutora</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color-scheme:light dark}
article{border:1px solid #8884;border-radius:10px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;font:inherit}
.attachments{margin:0;padding-left:1.2rem}</style>
</head><body><h1>Dev mailbox</h1><p>Mail Tutora sent while no SMTP server is configured (newest first). Not available in production.</p>
${items || '<p>No mail yet.</p>'}</body></html>`;
  });

  // One attachment, served as the recipient's mail client would get it (its own content type).
  app.get<{ Params: { id: string } }>(
    '/dev/mailbox/attachments/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const id = /^\d{1,15}$/.test(request.params.id) ? Number(request.params.id) : null;
      const attachment = id === null ? undefined : await findAttachment(app.deps.db, id);
      if (!attachment) throw new AppError('NOT_FOUND', API_MESSAGES.fileNotFound);
      reply
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="${headerFilename(attachment.filename)}"`,
        )
        .type(attachment.content_type);
      return attachment.content;
    },
  );
};
