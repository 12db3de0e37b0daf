import { formatMoney } from '../../../domain/money';
import type { MailMessage } from '../../adapters/mail/mailer';

// What a payout's outcome tells its tutor by email (issue #25).

const earningsLink = (publicUrl: string) => `${publicUrl.replace(/\/$/, '')}/tutor/earnings`;

export function payoutPaidEmail(
  to: string,
  amountCents: number,
  currency: string,
  publicUrl: string,
): MailMessage {
  return {
    to,
    subject: `Your payout of ${formatMoney(amountCents, currency)} was sent`,
    text: [
      `Your payout of ${formatMoney(amountCents, currency)} was sent to your bank account.`,
      'Banks usually show it within 1–3 business days.',
      '',
      `Your earnings: ${earningsLink(publicUrl)}`,
    ].join('\n'),
  };
}

export function payoutFailedEmail(
  to: string,
  amountCents: number,
  currency: string,
  reason: string,
  publicUrl: string,
): MailMessage {
  return {
    to,
    subject: 'Your payout failed: your payout account needs attention',
    text: [
      `Your payout of ${formatMoney(amountCents, currency)} could not be sent.`,
      '',
      `Reason: ${reason}`,
      '',
      'The money is back in your available balance. Update your payout account, then withdraw',
      'again (or wait for the weekly payout).',
      '',
      `Your earnings: ${earningsLink(publicUrl)}`,
    ].join('\n'),
  };
}

export function payoutAccountAttentionEmail(
  to: string,
  reason: string,
  publicUrl: string,
): MailMessage {
  return {
    to,
    subject: 'Your payout account needs attention',
    text: [
      'Your payout account needs attention before Tutora can pay you.',
      '',
      reason,
      '',
      'Open your earnings and choose "Update payout account". Your earnings stay safe meanwhile.',
      '',
      `Your earnings: ${earningsLink(publicUrl)}`,
    ].join('\n'),
  };
}
