import type { z } from 'zod/mini';

// What the booking and payment screens keep in localStorage across the provider's redirect
// (the spec's pendingBooking and pendingPayment): checked by its schema when saved and when
// read, and read back only for the student who saved it, so another account signed in on the
// same browser never sees it.

/** Saves `value` under `key` as `schema` outputs it. */
export function saveChecked<T>(key: string, schema: z.ZodMiniType<T>, value: T): void {
  localStorage.setItem(key, JSON.stringify(schema.parse(value)));
}

/**
 * What this student saved under `key`, or null when there is none, it is unreadable, `schema`
 * refuses it or another student saved it. `upgrade` turns an earlier release's shape into today's.
 */
export function loadStudentsOwn<T extends { studentId: string }>(
  key: string,
  schema: z.ZodMiniType<T>,
  studentId: string,
  upgrade: (saved: unknown) => unknown = (saved) => saved,
): T | null {
  let saved: unknown;
  try {
    saved = JSON.parse(localStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
  const parsed = schema.safeParse(upgrade(saved));
  return parsed.success && parsed.data.studentId === studentId ? parsed.data : null;
}
