// The Messages page's own texts (issue #16): what the web shows around conversations. The
// server's answers (refusals, the masking notice) are in MESSAGING_MESSAGES.

export const MESSAGES_PAGE = {
  title: 'Messages',
  conversations: 'Conversations',
  showMoreConversations: 'Show more conversations',
  backToConversations: 'Back to conversations',
  chooseConversation: 'Choose a conversation to read it here.',
  emptyInboxHintStudent: 'Find a tutor and ask them a question before you book.',
  emptyInboxHintTutor:
    'Students who write to you show here. You can message your students from My Students.',
  findTutors: 'Find Tutors',
  myStudents: 'My Students',
  noMessagesYet: 'No messages yet. Say hello!',
  you: 'You: ',
  blocked: 'Blocked',
  unread: (count: number) => `${count} unread ${count === 1 ? 'message' : 'messages'}`,
  /** The header's link: its name says the count, like the notifications bell. */
  headerLink: (unread: number) => (unread > 0 ? `Messages, ${unread} unread` : 'Messages'),
  loadEarlier: 'Load earlier messages',
  loadingEarlier: 'Loading...',
  today: 'Today',
  yesterday: 'Yesterday',
  seen: 'Seen',
  sending: 'Sending...',
  maskedMessage: 'Contact details in this message were hidden.',
  composerLabel: 'Message',
  send: 'Send',
  charactersLeft: (left: number) =>
    left >= 0
      ? `${left.toLocaleString('en-US')} characters left`
      : `${(-left).toLocaleString('en-US')} characters too many`,
  reportMessage: 'Report',
  reportMessageLabel: 'Report message',
  reportDialogTitle: 'Report this message',
  threadMenu: 'Conversation options',
  viewProfile: 'View profile',
  block: 'Block',
  unblock: 'Unblock',
  blockTitle: (name: string) => `Block ${name}?`,
  blockBody:
    'Neither of you can send messages in this conversation until you unblock it. They are not told.',
  unblockTitle: (name: string) => `Unblock ${name}?`,
  unblockBody: 'You can both send messages in this conversation again.',
  blockFailed: 'Failed to change the block. Please try again.',
  openFailed: 'Could not open the conversation. Please try again.',
  messageButton: 'Message',
  messageTutor: (name: string) => `Message ${name}`,
  messageStudent: (name: string) => `Message ${name}`,
} as const;
