import { formatMoney } from '../money';
import { TEACHING_STYLE_SENTENCES } from './tutor-options';

// Display rules of the tutor card and the tutor profile page.

/** Subjects and languages on a card: two, then "+n more". */
const CARD_VISIBLE_ITEMS = 2;
/** The profile's About Me shows this many characters until Read more. */
const BIO_PREVIEW_LENGTH = 400;
/** The profile shows this many reviews until Show All Reviews. */
export const REVIEWS_SHOWN_FIRST = 3;
/** Show All Reviews loads them this many at a time (newest first). */
export const REVIEWS_PAGE_SIZE = 20;

export function withMore<T>(items: readonly T[], visible = CARD_VISIBLE_ITEMS) {
  return { shown: items.slice(0, visible), more: Math.max(0, items.length - visible) };
}

export const moreLabel = (more: number) => `+${more} more`;

/** A New Tutor badge replaces the rating while a tutor has no reviews. */
export const isNewTutor = (totalReviews: number) => totalReviews === 0;

export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
}

/** The bio as About Me first shows it: whole when short, else cut at 400 characters. */
export function bioPreview(bio: string): { text: string; isCut: boolean } {
  if (bio.length <= BIO_PREVIEW_LENGTH) return { text: bio, isCut: false };
  return { text: `${bio.slice(0, BIO_PREVIEW_LENGTH).trimEnd()}…`, isCut: true };
}

/** Rating with one decimal ('4.0'), as the header and cards show it. */
export const formatRating = (rating: number) => rating.toFixed(1);

/** An hourly rate: whole dollars without cents ('$25'), otherwise with two decimals ('$32.50'). */
export const formatRate = (cents: number, currency = 'USD') =>
  formatMoney(cents, currency, { wholeWithoutCents: true });

// Proficiency levels of subjects and languages; an unknown one reads as beginner.
const LEVELS = [
  'beginner',
  'intermediate',
  'advanced',
  'expert',
  'native',
  'basic',
  'conversational',
  'fluent',
] as const;
type ProficiencyLevel = (typeof LEVELS)[number];

function proficiencyOf(level: string): ProficiencyLevel {
  const normalised = level.trim().toLowerCase();
  return (LEVELS as readonly string[]).includes(normalised)
    ? (normalised as ProficiencyLevel)
    : 'beginner';
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
export const levelLabel = (level: string) => capitalise(proficiencyOf(level));

/** The Teaching Approach section: the style's name and its sentence (null for an unknown style). */
export function teachingApproachOf(style: string): { label: string; sentence: string } | null {
  const key = style.trim().toLowerCase();
  if (!(key in TEACHING_STYLE_SENTENCES)) return null;
  return {
    label: capitalise(key),
    sentence: TEACHING_STYLE_SENTENCES[key as keyof typeof TEACHING_STYLE_SENTENCES],
  };
}
