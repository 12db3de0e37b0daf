import type { Kysely } from 'kysely';
import type { SessionUser } from '../../../contracts/auth.contract';
import type { EndpointOutput } from '../../../contracts/endpoint';
import type { sendSupportMessage } from '../../../contracts/help.contract';
import type { Clock } from '../../adapters/clock';
import type { Mailer } from '../../adapters/mail/mailer';
import type { DB } from '../../db/types';
import { hit } from '../auth/rate-limit';

// The Help Center's contact form: the message goes to support by mail (the dev mailbox in
// development), naming the sender's account so support can answer them by email.

/** Enough for a real question and its follow-ups; a flood stops here (kept in the database). */
export const SUPPORT_MESSAGES_PER_USER = {
  name: 'support-message:user',
  max: 5,
  windowSeconds: 60 * 60,
};

interface HelpContext {
  db: Kysely<DB>;
  clock: Clock;
  mailer: Mailer;
  env: { SUPPORT_EMAIL: string };
}

export async function contactSupport(
  ctx: HelpContext,
  user: SessionUser,
  input: { subject: string; message: string },
): Promise<EndpointOutput<typeof sendSupportMessage>> {
  await hit(ctx, SUPPORT_MESSAGES_PER_USER, user.id);
  await ctx.mailer.send({
    to: ctx.env.SUPPORT_EMAIL,
    subject: `[Help Center] ${input.subject}`,
    text: [
      `From: ${user.firstName} ${user.lastName} <${user.email}> (${user.role}, account ${user.id})`,
      `Reply to: ${user.email}`,
      '',
      input.message,
    ].join('\n'),
  });
  return { replyTo: user.email };
}
