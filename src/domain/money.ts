// Money is integer cents wherever it is stored, sent or computed (no floating-point drift in
// sums and prices). Dollars appear only at the edges: where a person reads an amount and
// where a person types one.

const CENTS_PER_UNIT = 100;

/** An amount a person typed in dollars (at most two decimals), in cents. */
export const dollarsToCents = (dollars: number): number => Math.round(dollars * CENTS_PER_UNIT);

/** Cents as the dollars a form field shows. */
export const centsToDollars = (cents: number): number => cents / CENTS_PER_UNIT;

/**
 * An amount as money is shown (en-US): '$1,234.56'. With `wholeWithoutCents`, a whole amount
 * drops the cents ('$25', and '$25.50' otherwise), as hourly rates are shown.
 */
export function formatMoney(
  cents: number,
  currency = 'USD',
  { wholeWithoutCents = false }: { wholeWithoutCents?: boolean } = {},
): string {
  const whole = wholeWithoutCents && cents % CENTS_PER_UNIT === 0;
  return moneyFormatter(currency, whole).format(centsToDollars(cents));
}

const moneyFormatters = new Map<string, Intl.NumberFormat>();

/** One formatter per currency and style: a list of prices formats many times per render. */
function moneyFormatter(currency: string, whole: boolean): Intl.NumberFormat {
  const key = `${currency}|${whole}`;
  let formatter = moneyFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
    });
    moneyFormatters.set(key, formatter);
  }
  return formatter;
}
