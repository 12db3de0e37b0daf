import { zoneCityName } from '../../../domain/availability/time-zones';
import { weeklyHours } from '../../../domain/availability/weekly-hours';
import type { WeeklyWindow } from '../../../domain/availability/weekly-window';
import { formatMoney } from '../../../domain/money';
import type { ProfileStepCode } from '../../../domain/reference/reference-defaults';

// One line per section of the Edit profile page, so the tutor sees what students see before
// opening a form. Values are as the server sends a section (the step forms' shape).

const names = (entries: unknown) =>
  ((entries ?? []) as { name: string }[]).map((entry) => entry.name).join(', ');
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const BIO_PREVIEW = 140;

/** The section's values in a few words; an empty string when it holds nothing. */
export function sectionSummary(step: ProfileStepCode, values: unknown): string {
  if (!values || typeof values !== 'object') return '';
  const v = values as Record<string, unknown>;
  switch (step) {
    case 'basic_info': {
      const bio = String(v.bio ?? '');
      const clipped = bio.length > BIO_PREVIEW ? `${bio.slice(0, BIO_PREVIEW).trimEnd()}…` : bio;
      return `${formatMoney(Number(v.hourlyRateCents), 'USD', { wholeWithoutCents: true })} per hour · ${String(v.teachingExperience)} years teaching · ${String(v.countryOfResidence)} — ${clipped}`;
    }
    case 'education': {
      const certificates = (v.certificates as unknown[] | undefined)?.length ?? 0;
      const base = `${String(v.educationTitle)}, ${String(v.university)} (${String(v.yearOfGraduation)})`;
      return certificates
        ? `${base} · ${certificates} certificate${certificates === 1 ? '' : 's'}`
        : base;
    }
    case 'subjects':
      return `Teaches ${names(v.subjects)} · Speaks ${names(v.languages)}`;
    case 'teaching_style':
      return `${capitalised(String(v.teachingStyle))} · ${((v.specializations as string[]) ?? []).join(', ')}`;
    case 'media':
      return v.avatarPath ? 'Photo and introduction video' : 'Introduction video (no photo yet)';
    case 'availability': {
      const slots = (v.slots ?? []) as WeeklyWindow[];
      return `${weeklyHours(slots)} hours per week, in ${zoneCityName(String(v.timezone))} time`;
    }
  }
}
