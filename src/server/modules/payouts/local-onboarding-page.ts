import type { BankForm } from '../../../domain/ledger/bank-details';
import { LOCAL_TEST_ACCOUNTS } from '../../../domain/ledger/bank-details';
import { html, trusted, type Html } from '../../adapters/payments/local-checkout-html';
import { CHECKOUT_CSS } from '../../adapters/payments/local-checkout-styles';

// The built-in payout provider's onboarding page, rendered on the server outside the SPA like
// the hosted checkout (and in its styles): who holds the account, where, and its number. It
// works without JavaScript.

export const ONBOARDING_TEXT = {
  title: 'Get paid by Tutora',
  intro: 'Tell us where to send your earnings. Payouts go to this bank account.',
  testMode: 'Test mode',
  noRealMoney: 'Test mode: no real money is sent.',
  save: 'Save payout account',
  checkFields: 'Check your bank details',
  usHint: 'US accounts: account and routing number. Everywhere else: IBAN.',
  notFound: 'Onboarding link not found',
  notFoundHelp: 'This link is not valid any more. Go back to Earnings and start again.',
} as const;

const COUNTRIES: [string, string][] = [
  ['US', 'United States'],
  ['DE', 'Germany'],
  ['FR', 'France'],
  ['ES', 'Spain'],
  ['IT', 'Italy'],
  ['NL', 'Netherlands'],
  ['GB', 'United Kingdom'],
  ['IE', 'Ireland'],
  ['PT', 'Portugal'],
  ['BE', 'Belgium'],
];

const LABELS: Record<keyof BankForm, string> = {
  legalName: 'Legal name of the account holder',
  country: 'Country of the bank account',
  iban: 'IBAN',
  accountNumber: 'Account number',
  routingNumber: 'Routing number',
};
const IDS: Record<keyof BankForm, string> = {
  legalName: 'legal-name',
  country: 'country',
  iban: 'iban',
  accountNumber: 'account-number',
  routingNumber: 'routing-number',
};

function layout(title: string, main: Html) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        <style>
          ${trusted(CHECKOUT_CSS)} select {
            width: 100%;
            font: inherit;
            padding: 10px 12px;
            border-radius: 8px;
            border: 1px solid var(--field-border);
            background: var(--surface);
            color: var(--text);
          }
        </style>
      </head>
      <body>
        <main class="layout">${main}</main>
      </body>
    </html>`.value;
}

function field(
  name: keyof BankForm,
  values: Partial<BankForm>,
  errors: Partial<Record<keyof BankForm, string>>,
  attributes: string,
) {
  const id = IDS[name];
  const error = errors[name];
  return html`<div class="field">
    <label for="${id}">${LABELS[name]}</label>
    <input
      id="${id}"
      name="${name}"
      ${trusted(attributes)}
      value="${values[name] ?? ''}"
      ${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}
    />
    ${error ? html`<p class="field-error" id="${id}-error">${error}</p>` : ''}
  </div>`;
}

export function onboardingPage(
  action: string,
  values: Partial<BankForm> = {},
  errors: Partial<Record<keyof BankForm, string>> = {},
) {
  const wrong = (Object.keys(IDS) as (keyof BankForm)[]).filter((name) => errors[name]);
  const country = values.country ?? 'US';
  const summary = html`<section class="summary" aria-label="About payouts">
    <div class="merchant">
      <span class="name">Tutora</span><span class="badge">${ONBOARDING_TEXT.testMode}</span>
    </div>
    <h1>${ONBOARDING_TEXT.title}</h1>
    <p class="description">${ONBOARDING_TEXT.intro}</p>
    <p class="description">${ONBOARDING_TEXT.noRealMoney}</p>
  </section>`;
  const form = html`<section class="panel" aria-labelledby="account-title">
    <h2 id="account-title">Bank account</h2>
    ${
      wrong.length
        ? html`<div class="alert" role="alert">
            <p>${ONBOARDING_TEXT.checkFields}</p>
            <ul>
              ${wrong.map((name) => html`<li><a href="#${IDS[name]}">${errors[name]}</a></li>`)}
            </ul>
          </div>`
        : ''
    }
    <form method="post" action="${action}" novalidate>
      ${field('legalName', values, errors, 'type="text" autocomplete="name" maxlength="100" required')}
      <div class="field">
        <label for="country">${LABELS.country}</label>
        <select id="country" name="country">
          ${COUNTRIES.map(
            ([code, name]) =>
              html`<option value="${code}" ${code === country ? 'selected' : ''}>${name}</option>`,
          )}
        </select>
      </div>
      <p class="hint" id="account-hint">${ONBOARDING_TEXT.usHint}</p>
      ${field('iban', values, errors, 'type="text" autocomplete="off" maxlength="42"')}
      <div class="row">
        ${field('accountNumber', values, errors, 'type="text" inputmode="numeric" autocomplete="off" maxlength="17"')}
        ${field('routingNumber', values, errors, 'type="text" inputmode="numeric" autocomplete="off" maxlength="9"')}
      </div>
      <button class="button primary" type="submit">${ONBOARDING_TEXT.save}</button>
    </form>
    <details>
      <summary>Test accounts</summary>
      <ul>
        <li>IBAN <code>${LOCAL_TEST_ACCOUNTS.ibanThatPays}</code> (Germany) is paid</li>
        <li>
          IBAN <code>${LOCAL_TEST_ACCOUNTS.ibanThatFails}</code> (United Kingdom): payouts fail
        </li>
        <li>
          Account <code>${LOCAL_TEST_ACCOUNTS.usThatPays.accountNumber}</code>, routing
          <code>${LOCAL_TEST_ACCOUNTS.usThatPays.routingNumber}</code> (United States) is paid
        </li>
        <li>
          Account <code>${LOCAL_TEST_ACCOUNTS.usThatFails.accountNumber}</code>, routing
          <code>${LOCAL_TEST_ACCOUNTS.usThatFails.routingNumber}</code>: payouts fail
        </li>
      </ul>
    </details>
  </section>`;
  return layout(`${ONBOARDING_TEXT.title} · Tutora`, html`${summary}${form}`);
}

export const onboardingNotFoundPage = () =>
  layout(
    ONBOARDING_TEXT.notFound,
    html`<section class="panel">
      <h1>${ONBOARDING_TEXT.notFound}</h1>
      <p>${ONBOARDING_TEXT.notFoundHelp}</p>
    </section>`,
  );
