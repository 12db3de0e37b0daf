// Scheduling texts, one constant each. A later step moves them into src/domain/messages.ts.

export const SCHEDULING_MESSAGES = {
  slotUnavailable: 'This time slot is no longer available',
  // Ours, where the spec is silent.
  invalidDate: 'Please choose a valid date',
  invalidSlotLabel: 'Please choose a valid time slot',
  invalidLessonMinutes: 'Please choose a lesson of 25, 50 or 100 minutes',
} as const;
