// Bank details a tutor gives the built-in payout provider (issue #25, ADR 028): an IBAN, or a
// US account number with its ABA routing number. Both carry check digits, so a mistyped number
// is refused on the page instead of failing a payout days later.

/** Documented test accounts of the built-in provider: payouts to these succeed… */
export const LOCAL_TEST_ACCOUNTS = {
  ibanThatPays: 'DE89370400440532013000',
  usThatPays: { routingNumber: '110000000', accountNumber: '000123456789' },
  /** …and payouts to these fail (the bank says the account is closed). */
  ibanThatFails: 'GB82WEST12345698765432',
  usThatFails: { routingNumber: '110000000', accountNumber: '000111111116' },
} as const;

/** Why a payout to a test account fails, as a bank would say it. */
export const LOCAL_FAILURE = {
  code: 'account_closed',
  message: 'The bank account is closed. Add another account to receive your payouts.',
} as const;

/** Whether payouts to this account fail (one of the documented failing test accounts). */
export const payoutFailsFor = (account: { iban?: string | null; accountNumber?: string | null }) =>
  account.iban === LOCAL_TEST_ACCOUNTS.ibanThatFails ||
  account.accountNumber === LOCAL_TEST_ACCOUNTS.usThatFails.accountNumber;

/** Spaces out, letters up: "de89 3704…" → "DE893704…". */
export const normalizeIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();

/** ISO 13616: two letters, two check digits, up to 30 letters or digits; mod 97 of it is 1. */
export function isValidIban(input: string) {
  const iban = normalizeIban(input);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** ABA routing number: nine digits whose weighted sum (3, 7, 1, …) is a multiple of 10. */
export function isValidRoutingNumber(routing: string) {
  if (!/^\d{9}$/.test(routing)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...routing].reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0);
  return sum % 10 === 0;
}

/** A US account number: 4 to 17 digits. */
export const isValidAccountNumber = (account: string) => /^\d{4,17}$/.test(account);

export interface BankForm {
  legalName: string;
  country: string;
  iban: string;
  accountNumber: string;
  routingNumber: string;
}

export type BankDetails =
  | { legalName: string; country: string; iban: string }
  | { legalName: string; country: string; accountNumber: string; routingNumber: string };

export const BANK_MESSAGES = {
  legalName: 'Enter the legal name of the account holder.',
  country: 'Choose the country of the bank account.',
  iban: 'Enter a valid IBAN (it has check digits: check for a typo).',
  routingNumber: 'Enter a valid 9-digit routing number.',
  accountNumber: 'Enter an account number of 4 to 17 digits.',
} as const;

/** The details, or the message of each field that is wrong. US accounts use routing numbers. */
export function parseBankForm(
  form: BankForm,
):
  | { ok: true; details: BankDetails }
  | { ok: false; errors: Partial<Record<keyof BankForm, string>> } {
  const errors: Partial<Record<keyof BankForm, string>> = {};
  const legalName = form.legalName.trim();
  const country = form.country.trim().toUpperCase();
  if (legalName.length < 2 || legalName.length > 100) errors.legalName = BANK_MESSAGES.legalName;
  if (!/^[A-Z]{2}$/.test(country)) errors.country = BANK_MESSAGES.country;
  if (country === 'US') {
    const routingNumber = form.routingNumber.trim();
    const accountNumber = form.accountNumber.trim();
    if (!isValidRoutingNumber(routingNumber)) errors.routingNumber = BANK_MESSAGES.routingNumber;
    if (!isValidAccountNumber(accountNumber)) errors.accountNumber = BANK_MESSAGES.accountNumber;
    if (Object.keys(errors).length) return { ok: false, errors };
    return { ok: true, details: { legalName, country, accountNumber, routingNumber } };
  }
  const iban = normalizeIban(form.iban);
  if (!isValidIban(iban) || (country && iban.slice(0, 2) !== country))
    errors.iban = BANK_MESSAGES.iban;
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, details: { legalName, country, iban } };
}

/** How an account is shown once saved: only its last four digits. */
export const displayNameOf = (details: BankDetails) =>
  'iban' in details
    ? `IBAN •••• ${details.iban.slice(-4)}`
    : `Account •••• ${details.accountNumber.slice(-4)}`;
