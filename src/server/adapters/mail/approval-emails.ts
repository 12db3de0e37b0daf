import type { MailMessage } from './mailer';

// The tutor hears of an admin's decision on their profile (issue #15). Plain text, like every
// Tutora email. The links are the web app's pages: Edit profile and the overview.

export const EDIT_PROFILE_PATH = '/tutor/profile';
export const TUTOR_OVERVIEW_PATH = '/tutor/overview';

interface Recipient {
  email: string;
  firstName: string;
}

export function profileApprovedEmail(publicUrl: string, tutor: Recipient): MailMessage {
  return {
    to: tutor.email,
    subject: 'Your Tutora profile is approved',
    text: [
      `Hello ${tutor.firstName},`,
      '',
      'Good news: the Tutora team reviewed your profile and approved it.',
      'Students now see the verified tick next to your name, in search and on your profile.',
      '',
      `Your overview: ${publicUrl}${TUTOR_OVERVIEW_PATH}`,
    ].join('\n'),
  };
}

export function profileRejectedEmail(
  publicUrl: string,
  tutor: Recipient,
  decision: { reasonLabel: string; note: string },
): MailMessage {
  return {
    to: tutor.email,
    subject: 'Your Tutora profile needs changes',
    text: [
      `Hello ${tutor.firstName},`,
      '',
      'The Tutora team reviewed your profile and could not approve it yet.',
      '',
      `Reason: ${decision.reasonLabel}`,
      `What to fix: ${decision.note}`,
      '',
      'Until it is approved, students cannot find or book you (lessons already booked stay).',
      'How to fix it:',
      `1. Open Edit profile: ${publicUrl}${EDIT_PROFILE_PATH}`,
      '2. Change the sections named above and save them.',
      `3. On your overview (${publicUrl}${TUTOR_OVERVIEW_PATH}), press "Resubmit for review".`,
      '',
      'We review resubmitted profiles in the order they arrive.',
    ].join('\n'),
  };
}
