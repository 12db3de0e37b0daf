import { z } from 'zod/mini';
import { weeklyWindowSchema } from '../../../domain/availability/weekly-window';

// The week a tutor is drawing in the wizard's last step, kept in this tab (sessionStorage) as
// it changes, so a reload, Back or a visit elsewhere does not lose it before it is submitted.
// Read back only for the tutor who drew it; dropped once the step is saved.

const KEY = 'tutora.wizardAvailability';

const draftSchema = z.object({
  userId: z.string(),
  timezone: z.string(),
  slots: z.array(weeklyWindowSchema),
});
export type AvailabilityDraft = Omit<z.output<typeof draftSchema>, 'userId'>;

export function loadAvailabilityDraft(userId: string): AvailabilityDraft | null {
  let saved: unknown;
  try {
    saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
  const parsed = draftSchema.safeParse(saved);
  if (!parsed.success || parsed.data.userId !== userId) return null;
  const { timezone, slots } = parsed.data;
  return { timezone, slots };
}

export function saveAvailabilityDraft(userId: string, draft: AvailabilityDraft): void {
  sessionStorage.setItem(KEY, JSON.stringify({ userId, ...draft }));
}

export function clearAvailabilityDraft(): void {
  sessionStorage.removeItem(KEY);
}
