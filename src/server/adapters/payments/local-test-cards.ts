// What the local checkout says about a card, as a provider's test mode does: a few test
// numbers with known outcomes, and the checks a real form makes before any charge (Luhn,
// expiry against today, CVC length). The card itself is never kept; only its last 4 digits,
// once paid.

export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export const CARD_TEXT = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  /** A well-formed number that is not a test card: test mode takes no real card. */
  notATestCard:
    'Your card was declined. This checkout is in test mode: use a test card such as 4242 4242 4242 4242.',
  invalidNumber: 'Your card number is invalid.',
  incompleteExpiry: "Your card's expiration date is incomplete.",
  pastExpiry: "Your card's expiration date is in the past.",
  invalidCvc: "Your card's security code must be 3 or 4 digits.",
  missingName: 'Enter the name on your card.',
  nameTooLong: 'The name on your card must be at most 100 characters.',
} as const;

export interface CardForm {
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardField = keyof CardForm;

export type CardCheck =
  | { outcome: 'paid'; last4: string }
  /** The form has mistakes to fix; nothing was charged. */
  | { outcome: 'invalid'; errors: Partial<Record<CardField, string>> }
  /** The card was tried and refused: the Payment Failed panel. */
  | { outcome: 'declined'; reason: string };

const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** 'MM / YY', 'MM/YY', 'MMYY' or 'MM / YYYY' as month and full year, or undefined. */
export function parseExpiry(value: string): { month: number; year: number } | undefined {
  const match = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(value.trim());
  if (!match) return undefined;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : undefined;
}

function numberError(digits: string) {
  return /^\d{12,19}$/.test(digits) && passesLuhn(digits) ? undefined : CARD_TEXT.invalidNumber;
}

/** A card is good through the last day of its expiry month (UTC). */
function expiryError(value: string, now: Date) {
  const expiry = parseExpiry(value);
  if (!expiry) return CARD_TEXT.incompleteExpiry;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return expiry.year * 12 + (expiry.month - 1) < thisMonth ? CARD_TEXT.pastExpiry : undefined;
}

function nameError(name: string) {
  if (name.trim() === '') return CARD_TEXT.missingName;
  return name.trim().length > 100 ? CARD_TEXT.nameTooLong : undefined;
}

/** Checks the form as a provider would, then charges a test card (at `now`, for expiry). */
export function checkCard(form: CardForm, now: Date): CardCheck {
  const digits = digitsOf(form.cardNumber);
  const errors: Partial<Record<CardField, string>> = {};
  const found = {
    cardNumber: numberError(digits),
    expiry: expiryError(form.expiry, now),
    cvc: /^\d{3,4}$/.test(form.cvc.trim()) ? undefined : CARD_TEXT.invalidCvc,
    name: nameError(form.name),
  };
  for (const [field, message] of Object.entries(found) as [CardField, string | undefined][])
    if (message) errors[field] = message;
  if (Object.keys(errors).length > 0) return { outcome: 'invalid', errors };

  switch (digits) {
    case TEST_CARDS.succeeds:
      return { outcome: 'paid', last4: digits.slice(-4) };
    case TEST_CARDS.declined:
      return { outcome: 'declined', reason: CARD_TEXT.declined };
    case TEST_CARDS.insufficientFunds:
      return { outcome: 'declined', reason: CARD_TEXT.insufficientFunds };
    default:
      return { outcome: 'declined', reason: CARD_TEXT.notATestCard };
  }
}
