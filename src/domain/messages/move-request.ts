// A tutor's move request (issue #29, ADR 032): ours, the spec is silent. Times come formatted in
// the reader's zone.

export const MOVE_REQUEST_MESSAGES = {
  /** The tutor's button and step title (a student's stays "Reschedule"). */
  proposeNewTime: 'Propose New Time',
  sendRequest: 'Send Request',
  requestSent: 'Request sent: the lesson moves when your student accepts the new time.',
  requestFailed: 'Failed to send the request',
  tutorsAsk: 'Your student accepts or declines the new time; the lesson keeps its time until then.',
  studentsOnlyAnswer: 'Only the student of this lesson can answer its move request.',
  tutorsOnlyAsk: 'Only the tutor of this lesson can propose or withdraw a new time.',
  tutorMustAsk: 'Propose a new time instead: your student accepts or declines it.',
  alreadyOpen: 'This lesson already has a new time waiting for an answer.',
  notOpen: 'This request is no longer waiting for an answer.',
  /** What the lesson shows while a request waits. */
  pendingTitle: 'New time proposed',
  proposedBy: (tutor: string) => `${tutor} proposed to move this lesson to:`,
  youProposed: 'You proposed to move this lesson to:',
  reason: (reason: string) => `Reason: ${reason}`,
  waitingForStudent: 'Waiting for your student to answer. The lesson keeps its time until then.',
  keepsTime: 'Until you answer, the lesson keeps its time.',
  accept: 'Accept New Time',
  decline: 'Decline',
  withdraw: 'Withdraw Request',
  accepted: 'New time accepted: the lesson moved.',
  declined: 'Declined: the lesson keeps its time.',
  withdrawn: 'Request withdrawn: the lesson keeps its time.',
  answerFailed: 'Failed to answer the request',
  withdrawFailed: 'Failed to withdraw the request',
  /** After a decline or no answer, for the student. */
  declinedNote: 'You declined the new time: the lesson keeps its time.',
  unansweredNote: 'The new time was not answered before the start: the lesson kept its time.',
  freeCancel: 'You may cancel this lesson free of charge, with a full refund.',
  studentDeclined: 'Your student declined the new time: the lesson keeps its time.',
  /** Lists: a small tag on a lesson with a waiting request, and a moved lesson's old time. */
  pendingTag: 'New time proposed',
  movedFrom: (from: string) => `Moved from ${from}`,
} as const;
