import type { Page } from 'playwright-core';
import { FIXED_NOW } from './fixed-time';

// The built-in payment provider's hosted checkout page (served by the app at
// /checkout/local/<session>, outside the SPA), used the way a person pays on it.

/** Its test cards, typed as a person types them: in groups of four. */
export const TEST_CARDS = {
  pays: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
} as const;

/** 'MM / YY' two years after FIXED_NOW: still valid on the server's fixed clock. */
export const FUTURE_EXPIRY = `${String(FIXED_NOW.getUTCMonth() + 1).padStart(2, '0')} / ${String(
  (FIXED_NOW.getUTCFullYear() + 2) % 100,
).padStart(2, '0')}`;

/** Waits until the browser has left the SPA for the hosted checkout page of `appUrl`. */
export async function onHostedCheckout(page: Page, appUrl: string) {
  await page.waitForURL((url) => url.href.startsWith(`${appUrl}/checkout/local/`));
  await page.getByRole('heading', { name: 'Pay with card' }).waitFor();
}

/** Types a card, a future expiry, a CVC and the name, then presses the page's Pay button. */
export async function payByCard(page: Page, card: string, name: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel(/^Expiry/).fill(FUTURE_EXPIRY);
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill(name);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}
