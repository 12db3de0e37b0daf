// The platform's commission (issue #25, ADR 028): a rate that falls with the hours a tutor has
// taught, fixed on the payment when the student pays, taken from each lesson when it is earned.
// Rates are basis points (1 % = 100 bp) so that every amount stays integer cents.

export interface CommissionTier {
  /** The tier applies while the tutor's completed teaching hours are below this; null: no end. */
  untilHours: number | null;
  rateBp: number;
}

/** 25 % up to 20 h, 20 % to 100 h, 15 % to 400 h, 12 % beyond. */
export const DEFAULT_COMMISSION_TIERS: readonly CommissionTier[] = [
  { untilHours: 20, rateBp: 2500 },
  { untilHours: 100, rateBp: 2000 },
  { untilHours: 400, rateBp: 1500 },
  { untilHours: null, rateBp: 1200 },
];

/** The setting as written in COMMISSION_TIERS: "20:25,100:20,400:15,*:12" (hours:percent). */
export const DEFAULT_COMMISSION_TIERS_SETTING = '20:25,100:20,400:15,*:12';

/**
 * Reads "hours:percent,…,*:percent" into tiers; throws a message saying what is wrong. Hours
 * rise, the last tier has no end ("*"), percents are 0–100 with at most two decimals.
 */
export function parseCommissionTiers(setting: string): CommissionTier[] {
  const parts = setting.split(',').map((part) => part.trim());
  const tiers = parts.map((part) => {
    const match = /^(\*|\d+(?:\.\d+)?):(\d+(?:\.\d{1,2})?)$/.exec(part);
    if (!match) throw new Error(`"${part}" is not hours:percent`);
    const rateBp = Math.round(Number(match[2]) * 100);
    if (rateBp > 10_000) throw new Error(`${match[2]} % is more than 100 %`);
    return { untilHours: match[1] === '*' ? null : Number(match[1]), rateBp };
  });
  tiers.forEach((tier, i) => {
    const last = i === tiers.length - 1;
    if (last !== (tier.untilHours === null)) throw new Error('only the last tier is "*"');
    const previous = tiers[i - 1]?.untilHours ?? 0;
    if (!last && tier.untilHours! <= previous) throw new Error('tier hours must rise');
  });
  return tiers;
}

/** The tier a tutor is in after `taughtMinutes` of completed paid lessons. */
export function tierFor(tiers: readonly CommissionTier[], taughtMinutes: number) {
  const hours = taughtMinutes / 60;
  const index = tiers.findIndex((tier) => tier.untilHours === null || hours < tier.untilHours);
  const tier = tiers[index]!;
  const next = tiers[index + 1];
  return {
    index,
    rateBp: tier.rateBp,
    /** The next tier's rate and the teaching hours still to go to reach it (none at the top). */
    next: next && {
      rateBp: next.rateBp,
      hoursToGo: Math.ceil((tier.untilHours! - hours) * 100) / 100,
    },
  };
}

/** The platform's share of a lesson price: rounded to the nearest cent, halves up. */
export function commissionCents(priceCents: number, rateBp: number) {
  if (!Number.isInteger(priceCents) || priceCents < 0) throw new Error('price must be cents');
  return Math.floor((priceCents * rateBp + 5_000) / 10_000);
}

/** What a lesson of `priceCents` earns its tutor and the platform. A free trial: nothing. */
export function splitLessonPrice(priceCents: number, rateBp: number) {
  const commission = commissionCents(priceCents, rateBp);
  return { commissionCents: commission, netCents: priceCents - commission };
}

/** A rate as people read it: 2500 → "25 %", 1250 → "12.5 %". */
export const formatRate = (rateBp: number) => `${rateBp / 100} %`;
