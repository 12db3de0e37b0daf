import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedAttachment {
  filename: string;
  /** The MIME type alone, as mailparser reports it (e.g. 'text/calendar'). */
  contentType: string;
  /** The decoded content as UTF-8 text (the app attaches text files). */
  content: string;
}

export interface ReceivedMail {
  /** The Message-ID header as sent (a stable one per once-key: ADR 033). */
  messageId: string;
  to: string;
  subject: string;
  text: string;
  attachments: ReceivedAttachment[];
}

export interface SmtpInbox {
  /** SMTP_URL for the app under test. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first (or next, after `afterCount`) mail to `to`. */
  waitFor(to: string, options?: { afterCount?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  countTo(to: string): number;
  /**
   * From now on, mails (those `which` picks) are read but not answered: the sender waits for
   * the server's "250", so a test holds sends under way; held() counts those waiting.
   */
  hold(which?: (mail: ReceivedMail) => boolean): void;
  held(): number;
  /** Of the held mails, those whose sender has hung up (its connection closed). */
  heldHungUp(): number;
  /**
   * Stops holding and answers the held mails, which are then received, except those whose
   * sender hung up meanwhile (a killed process): never accepted, they are in `dropped`.
   */
  release(): void;
  dropped: ReceivedMail[];
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives, for tests. */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  const dropped: ReceivedMail[] = [];
  let holds: ((mail: ReceivedMail) => boolean) | undefined;
  const waiting: { mail: ReceivedMail; session: string; accept: () => void }[] = [];
  const hungUp = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onClose: (session) => hungUp.add(session.id),
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
          const accept = () => {
            messages.push(received);
            callback();
          };
          const received: ReceivedMail = {
            messageId: mail.messageId ?? '',
            to: to?.value[0]?.address?.toLowerCase() ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            attachments: mail.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              content: a.content.toString('utf8'),
            })),
          };
          // A held mail is not received yet: a sender killed meanwhile never hears "250".
          if (holds?.(received)) waiting.push({ mail: received, session: session.id, accept });
          else accept();
        })
        .catch(callback);
    },
  });
  // A sender that vanishes mid-mail (a process killed by the soak bench) resets its
  // connection: the inbox's affair is the mail it received, not that.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  const to = (address: string) => messages.filter((m) => m.to === address.toLowerCase());
  return {
    url: `smtp://127.0.0.1:${port}?tls=off`,
    messages,
    countTo: (address) => to(address).length,
    dropped,
    hold: (which = () => true) => (holds = which),
    held: () => waiting.length,
    heldHungUp: () => waiting.filter(({ session }) => hungUp.has(session)).length,
    release() {
      holds = undefined;
      for (const { mail, session, accept } of waiting.splice(0))
        if (hungUp.has(session)) dropped.push(mail);
        else accept();
    },
    async waitFor(address, { afterCount = 0, timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mail = to(address)[afterCount];
        if (mail) return mail;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`no mail #${afterCount + 1} to ${address} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code in a verification mail. */
export function codeFrom(mail: ReceivedMail): string {
  const code = /code is: (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail: ${mail.text}`);
  return code;
}

/** The reset link in a password-reset mail. */
export function resetLinkFrom(mail: ReceivedMail): URL {
  const link = /(https?:\/\/\S+\/reset-password\?token=\S+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no reset link in mail: ${mail.text}`);
  return new URL(link);
}
