import type { MailMessage } from './mailer';

// Plain-text messages: readable in any client, nothing to render or track.

export function verificationCodeEmail(to: string, code: string): MailMessage {
  return {
    to,
    subject: `${code} is your Tutora verification code`,
    text: [
      'Welcome to Tutora!',
      '',
      `Your verification code is: ${code}`,
      '',
      'Enter it on the verification page to confirm your email address.',
      'The code is valid for 10 minutes. If you did not sign up for Tutora, you can ignore this email.',
    ].join('\n'),
  };
}

export function passwordResetEmail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Tutora password',
    text: [
      'We received a request to reset the password of your Tutora account.',
      '',
      `Choose a new password here: ${link}`,
      '',
      'The link works once and expires in 30 minutes. If you did not ask for it, you can ignore this email;',
      'your password stays unchanged.',
    ].join('\n'),
  };
}
