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

export function emailChangeCodeEmail(to: string, code: string): MailMessage {
  return {
    to,
    subject: `${code} is your code to change your Tutora email`,
    text: [
      'Someone asked to use this address for a Tutora account.',
      '',
      `Your code is: ${code}`,
      '',
      'Enter it in Settings to confirm the change. The code is valid for 10 minutes.',
      'If this was not you, you can ignore this email; nothing changes without the code.',
    ].join('\n'),
  };
}

/** Told to the old address once the change is confirmed, so a stolen session cannot hide it. */
export function emailChangedNotice(oldEmail: string, newEmail: string): MailMessage {
  return {
    to: oldEmail,
    subject: 'Your Tutora email address was changed',
    text: [
      `The email address of your Tutora account was changed to ${newEmail}.`,
      'From now on, sign in and receive Tutora emails at the new address.',
      '',
      'If you did not make this change, reply to this email at once so we can secure your account.',
    ].join('\n'),
  };
}

/** A security notice: a stolen session that changed the password is seen by the owner. */
export function passwordChangedNotice(to: string): MailMessage {
  return {
    to,
    subject: 'Your Tutora password was changed',
    text: [
      'The password of your Tutora account was just changed, and every other device was signed out.',
      '',
      'If you did not make this change, reply to this email at once so we can secure your account.',
    ].join('\n'),
  };
}

export function accountDeletedEmail(to: string): MailMessage {
  return {
    to,
    subject: 'Your Tutora account was deleted',
    text: [
      'Your Tutora account was deleted as you asked.',
      '',
      'Your future lessons were canceled and the other side was told. Money for paid future',
      'lessons and unused package credits goes back to the card you paid with (5–10 business days).',
      '',
      'You can sign up again at any time with this address.',
    ].join('\n'),
  };
}
