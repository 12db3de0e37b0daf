import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_JOB_TIMEOUT_SECONDS } from '../jobs/job-queue';
import { startSmtpInbox } from '../../test/smtp-inbox';
import { MAIL_SEND_DEADLINE_MS, MailTimeoutError, messageIdOf, smtpMailer } from './mailer';

// A slow SMTP server must not hold a send past its job's timeout: pg-boss would retry the job
// while the first send could still deliver, and the mail would arrive twice.

describe('an SMTP send against a server that never answers the message', () => {
  let server: SMTPServer;
  let url: string;
  let received = 0;
  let closedByClient: Promise<void>;
  beforeAll(async () => {
    let closed: () => void;
    closedByClient = new Promise((resolve) => (closed = resolve));
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // Reads the message, then never says whether it took it.
      onData(stream) {
        stream.on('data', () => undefined);
        stream.on('end', () => (received += 1));
      },
      onClose: () => closed(),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}?tls=off`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('gives up within its deadline and closes the connection, so it cannot deliver late', async () => {
    const mailer = smtpMailer(url, 'Tutora <no-reply@tutora.test>', { deadlineMs: 500 });
    const sending = mailer.send({ to: 'slow@example.com', subject: 'Hi', text: 'Hello' });
    await expect(sending).rejects.toBeInstanceOf(MailTimeoutError);
    await closedByClient;
    expect(received).toBe(1);
  });

  it('is bounded well below the job timeout', () => {
    expect(MAIL_SEND_DEADLINE_MS).toBeLessThanOrEqual((DEFAULT_JOB_TIMEOUT_SECONDS * 1000) / 2);
  });
});

describe('Message-IDs', () => {
  it('are the same for every send of one once-key, and differ between keys (ADR 033)', async () => {
    const inbox = await startSmtpInbox();
    try {
      const mailer = smtpMailer(inbox.url, 'Tutora <no-reply@tutora.test>', {
        messageIdHost: 'tutora.example',
      });
      const message = { to: 'reader@example.com', subject: 'Booked', text: 'See you' };
      // A redelivery after a crash: the same mail sent again under its key.
      await mailer.send({ ...message, onceKey: 'lessons.booked:1:reader@example.com' });
      await mailer.send({ ...message, onceKey: 'lessons.booked:1:reader@example.com' });
      await mailer.send({ ...message, onceKey: 'lessons.booked:2:reader@example.com' });
      const ids = inbox.messages.map((mail) => mail.messageId);
      const first = messageIdOf('lessons.booked:1:reader@example.com', 'tutora.example');
      expect(first).toMatch(/^<[0-9a-f]{64}@tutora\.example>$/);
      expect(ids).toEqual([
        first,
        first,
        messageIdOf('lessons.booked:2:reader@example.com', 'tutora.example'),
      ]);
      mailer.close?.();
    } finally {
      await inbox.close();
    }
  });
});

describe('SMTP connections', () => {
  let server: SMTPServer;
  let url: string;
  let connections = 0;
  let received = 0;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onConnect: (_session, accept) => {
        connections += 1;
        accept();
      },
      onData(stream, _session, done) {
        stream.on('data', () => undefined);
        stream.on('end', () => {
          received += 1;
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}?tls=off`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('stay open between sends: ten mails, one after the other, over one connection', async () => {
    const mailer = smtpMailer(url, 'Tutora <no-reply@tutora.test>');
    for (let n = 0; n < 10; n += 1)
      await mailer.send({ to: `reader${n}@example.com`, subject: 'Hi', text: 'Hello' });
    mailer.close?.();
    expect({ received, connections }).toEqual({ received: 10, connections: 1 });
  });
});
