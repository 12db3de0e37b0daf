// Every text of the tutor approval queue (issue #15): the admin's page, the tutor's status
// panel and the API's refusals.

export const APPROVAL_MESSAGES = {
  // API
  profileNotFound: 'This tutor profile does not exist',
  alreadyDecided: (status: string) =>
    `This profile was already ${status} (perhaps by another admin): reload the queue`,
  accountNotOpen: 'This tutor’s account is suspended or closed: restore it before deciding',
  reasonRequired: 'Choose why the profile is rejected',
  noteRequired: 'Tell the tutor what to fix',
  noteTooLong: (max: number) => `The note must be at most ${max} characters`,
  notRejected: 'Only a rejected profile can be resubmitted for review',
  notApproved:
    'Only an approved profile can be sent back for review: decide a pending one in the queue',
  // Admin page
  title: 'Tutor approvals',
  intro: 'Profiles waiting for review, oldest first. Students see them without the verified tick.',
  queueLabel: 'Profiles waiting for review',
  empty: 'No profile is waiting for review.',
  loadFailed: 'Could not load the approval queue',
  submitted: (when: string) => `Submitted ${when}`,
  approve: 'Approve',
  reject: 'Reject',
  approved: (name: string) => `${name} is approved`,
  rejected: (name: string) => `${name} is rejected; the tutor was emailed`,
  decideFailed: 'Could not save the decision. Please try again.',
  rejectTitle: (name: string) => `Reject ${name}'s profile?`,
  rejectIntro:
    'The tutor is emailed the reason and your note, and can fix the profile and resubmit.',
  reasonLabel: 'Reason',
  noteLabel: 'Note to the tutor',
  notePlaceholder: 'What should the tutor change?',
  confirmReject: 'Reject profile',
  sendBack: 'Send back for review',
  sendBackTitle: (name: string) => `Send ${name}'s profile back for review?`,
  sendBackIntro:
    'The tutor leaves search until they fix the profile and resubmit it; lessons already booked stay. They are emailed the reason and your note.',
  sentBack: (name: string) => `${name}'s profile was sent back for review; the tutor was emailed`,
  cancel: 'Cancel',
  history: 'History of decisions',
  noHistory: 'No decision yet: this is the first review.',
  decisionBy: (decision: string, admin: string, when: string) => `${decision} by ${admin}, ${when}`,
  decisionAt: (decision: string, when: string) => `${decision} ${when}`,
  decisions: { approved: 'Approved', rejected: 'Rejected' },
  email: 'Email',
  timezone: 'Timezone',
  country: 'Country',
  rate: 'Hourly rate',
  availability: 'Weekly availability',
  noAvailability: 'No weekly hours yet',
  photoAlt: (name: string) => `Photo of ${name}`,
  previous: 'Previous page',
  next: 'Next page',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  // The tutor's overview
  statusTitle: 'Profile review',
  pendingTitle: 'Your profile is waiting for review',
  pendingText:
    'Students can already find and book you; the verified tick appears once the Tutora team has approved your profile.',
  rejectedTitle: 'Your profile needs changes',
  rejectedText: (reason: string, when: string) => `Reason: ${reason} (${when})`,
  rejectedHelp:
    'Students cannot find or book you until you resubmit your profile. Fix it, then resubmit.',
  editProfile: 'Edit profile',
  resubmit: 'Resubmit for review',
  resubmitTitle: 'Resubmit your profile for review?',
  resubmitCheck:
    'The Tutora team reviews it again from the start. Make sure you changed what the note above asks for: a profile sent back unchanged is rejected again.',
  resubmitted: 'Your profile is back in the review queue',
  resubmitFailed: 'Could not resubmit your profile. Please try again.',
  approvedText: 'Your profile is verified: students see the tick.',
} as const;
