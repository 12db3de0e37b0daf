/** A moment as the admin reads it, in their own zone: 'Nov 24, 2026, 9:05 AM'. */
export const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const SUNDAY = Date.UTC(2024, 0, 7);
/** A weekday's short name (0 = Sunday, as availability stores it). */
export const weekdayName = (day: number) =>
  new Date(SUNDAY + day * 86_400_000).toLocaleDateString('en-US', {
    weekday: 'short',
    timeZone: 'UTC',
  });
