/** My Schedule's calendar feed card and the feed itself (ours; the spec stops at booking). */
export const CALENDAR_FEED_MESSAGES = {
  title: 'Calendar feed',
  intro:
    'Subscribe to your lessons in Google Calendar, Apple Calendar or Outlook: new, moved and canceled lessons show up there by themselves.',
  privateLink:
    'The link is private: anyone who has it can see your lessons. If it gets out, get a new link.',
  create: 'Create calendar feed',
  creating: 'Creating...',
  created: 'Calendar feed created',
  linkLabel: 'Calendar feed link',
  copy: 'Copy link',
  copied: 'Link copied',
  copyFailed: 'Could not copy. Select the link and copy it yourself.',
  subscribe: 'Subscribe',
  activeSince: (date: string) => `Your calendar feed is on since ${date}.`,
  linkShownOnce:
    'For your security the link is shown only when it is made. Lost it? Get a new link; the old one stops working.',
  rotate: 'Get a new link',
  rotateTitle: 'Get a new link?',
  rotateConfirm:
    'The current link stops working at once. Calendars subscribed to it stop updating until you subscribe them to the new link.',
  rotated: 'New link created; the old one no longer works',
  revoke: 'Turn off',
  revokeTitle: 'Turn off the calendar feed?',
  revokeConfirm:
    'The link stops working at once and calendars subscribed to it stop updating. You can create a new feed later.',
  revokeConfirmLabel: 'Turn off feed',
  revoked: 'Calendar feed turned off',
  loadFailed: 'Unable to load your calendar feed',
  saveFailed: 'Failed to update your calendar feed. Please try again.',
  feedNotFound: 'No calendar feed at this address: it was turned off or replaced by a new link',
  /** The feed's name in calendar apps. */
  calendarName: 'Tutora lessons',
} as const;
