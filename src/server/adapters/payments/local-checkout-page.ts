import { formatMoney } from '../../../domain/money';
import { BOOKING_MESSAGES, PAYMENT_MESSAGES } from '../../../domain/messages';
import { CHECKOUT_SCRIPT_PATH } from './local-checkout-script';
import { html, trusted, type Html } from './local-checkout-html';
import type { LocalSessionRow } from './local-checkout.repository';
import { CHECKOUT_CSS } from './local-checkout-styles';
import { successUrlOf } from './local-provider';
import type { CardField } from './local-test-cards';

// The hosted checkout's pages, rendered on the server without the SPA: the card form with the
// hold's time left, Payment Failed, a closed session, a receipt, and not found. They work with
// no JavaScript at all; the countdown script only keeps the time left ticking.

export const PAGE_TEXT = {
  testMode: 'Test mode',
  payTutora: 'Pay Tutora',
  paidToTutora: 'Paid to Tutora',
  payWithCard: 'Pay with card',
  held: 'Your time slot is held for',
  expired: 'This checkout session has expired.',
  expiredHelp: 'Nothing was charged. Go back to Tutora to choose a time and try again.',
  alreadyPaid: 'This checkout session is already paid.',
  alreadyPaidHelp: 'Your payment went through. Continue to see your booking.',
  returnToTutora: 'Return to Tutora',
  continue: 'Continue',
  checkFields: 'Check your card details',
  notFound: 'Checkout session not found',
  notFoundHelp: 'This checkout link is not valid. Go back to Tutora and start again.',
  refused: 'This request was refused',
  refusedHelp: 'Payments are only taken from the checkout page itself. Go back and try again.',
  receiptTitle: 'Receipt from Tutora',
  receiptNotFound: 'Receipt not found',
  noRealMoney: 'Test mode: no real money is taken.',
} as const;

const FIELD_LABELS: Record<CardField, string> = {
  cardNumber: 'Card number',
  expiry: 'Expiry',
  cvc: 'CVC',
  name: 'Name on card',
};

const FIELD_IDS: Record<CardField, string> = {
  cardNumber: 'card-number',
  expiry: 'card-expiry',
  cvc: 'card-cvc',
  name: 'card-name',
};

const LOGO = trusted(
  '<svg aria-hidden="true" width="28" height="28" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#4f46e5"/><path d="M9 10h14v3h-5.5v11h-3V13H9z" fill="#fff"/></svg>',
);
const FAVICON = `data:image/svg+xml,${encodeURIComponent(LOGO.value.replace('aria-hidden="true" width="28" height="28" ', 'xmlns="http://www.w3.org/2000/svg" '))}`;
const CLOCK_ICON = trusted(
  '<svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"><circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/></svg>',
);
const FAILED_ICON = trusted(
  '<svg class="failed-icon" aria-hidden="true" width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"><circle cx="12" cy="12" r="10"/><path d="M15 9l-6 6M9 9l6 6"/></svg>',
);
const OK_ICON = trusted(
  '<svg class="ok-icon" aria-hidden="true" width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"><circle cx="12" cy="12" r="10"/><path d="M8 12.5l2.5 2.5L16 9.5"/></svg>',
);

function layout(title: string, main: Html, options: { script?: boolean } = {}): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        <link rel="icon" href="${FAVICON}" />
        <style>
          ${trusted(CHECKOUT_CSS)}
        </style>
        ${options.script ? html`<script src="${CHECKOUT_SCRIPT_PATH}" defer></script>` : ''}
      </head>
      <body>
        <main class="layout">
          ${main}
          <footer>${PAGE_TEXT.noRealMoney}</footer>
        </main>
      </body>
    </html> `.value;
}

const amountOf = (session: LocalSessionRow) => formatMoney(session.amount_cents, session.currency);

const secondsLeft = (session: LocalSessionRow, now: Date) =>
  Math.max(0, Math.floor((session.expires_at.getTime() - now.getTime()) / 1000));

/** What is being paid for, and how long the slot stays held. */
function summary(session: LocalSessionRow, now: Date | undefined) {
  const label = session.payment_status === 'paid' ? PAGE_TEXT.paidToTutora : PAGE_TEXT.payTutora;
  const seconds = now ? secondsLeft(session, now) : 0;
  return html`<section class="summary" aria-label="Order summary">
    <div class="merchant">
      ${LOGO}<span class="name">Tutora</span><span class="badge">${PAGE_TEXT.testMode}</span>
    </div>
    <h1>
      <span class="pay-label">${label}</span> <span class="amount">${amountOf(session)}</span>
    </h1>
    <p class="description">${session.description}</p>
    ${
      now && session.status === 'open'
        ? html`<p class="hold" id="hold">
              ${CLOCK_ICON}<span id="hold-text"
                >${PAGE_TEXT.held}
                <strong
                  id="hold-time"
                  data-seconds-left="${seconds}"
                  data-expired-text="${PAGE_TEXT.expired}"
                  >${Math.ceil(seconds / 60)} min</strong
                >.</span
              >
            </p>
            <p class="visually-hidden" role="status" id="hold-status"></p>`
        : ''
    }
  </section>`;
}

const checkoutPath = (session: LocalSessionRow) => `/checkout/local/${session.id}`;

const cancelForm = (session: LocalSessionRow) =>
  html`<form method="post" action="${checkoutPath(session)}/cancel">
    <button class="button secondary" type="submit">${PAYMENT_MESSAGES.cancel}</button>
  </form>`;

function field(
  name: CardField,
  attributes: Html,
  values: Partial<Record<CardField, string>>,
  errors: Partial<Record<CardField, string>>,
) {
  const id = FIELD_IDS[name];
  const error = errors[name];
  const hint = name === 'expiry' ? html` <span class="hint">(MM / YY)</span>` : '';
  return html`<div class="field">
    <label for="${id}">${FIELD_LABELS[name]}${hint}</label>
    <input
      id="${id}"
      name="${name}"
      ${attributes}
      value="${values[name] ?? ''}"
      ${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}
    />
    ${error ? html`<p class="field-error" id="${id}-error">${error}</p>` : ''}
  </div>`;
}

export interface CheckoutFormView {
  session: LocalSessionRow;
  now: Date;
  /** What the student typed, shown again with the mistakes (never the CVC). */
  values?: Partial<Record<CardField, string>>;
  errors?: Partial<Record<CardField, string>>;
}

export function checkoutPage({ session, now, values = {}, errors = {} }: CheckoutFormView) {
  const messages = (Object.keys(FIELD_IDS) as CardField[]).filter((name) => errors[name]);
  const amount = amountOf(session);
  const form = html`<section class="panel" aria-labelledby="pay-title">
    <h2 id="pay-title">${PAGE_TEXT.payWithCard}</h2>
    ${
      messages.length
        ? html`<div class="alert" role="alert">
            <p>${PAGE_TEXT.checkFields}</p>
            <ul>
              ${messages.map(
                (name) => html`<li><a href="#${FIELD_IDS[name]}">${errors[name]}</a></li>`,
              )}
            </ul>
          </div>`
        : ''
    }
    <form method="post" action="${checkoutPath(session)}/pay" novalidate data-pay-form>
      ${field('cardNumber', trusted('type="text" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" required'), values, errors)}
      <div class="row">
        ${field('expiry', trusted('type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="9" required'), values, errors)}
        ${field('cvc', trusted('type="text" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" required'), {}, errors)}
      </div>
      ${field('name', trusted('type="text" autocomplete="cc-name" maxlength="100" required'), values, errors)}
      <button class="button primary" type="submit" data-disable-on-expiry>
        ${PAYMENT_MESSAGES.pay(amount)}
      </button>
    </form>
    <div class="actions">${cancelForm(session)}</div>
    <details>
      <summary>Test cards</summary>
      <ul>
        <li><code>4242 4242 4242 4242</code> pays</li>
        <li><code>4000 0000 0000 0002</code> is declined</li>
        <li><code>4000 0000 0000 9995</code> has insufficient funds</li>
      </ul>
      <p>Use any future expiration date, any 3 digits for the CVC and any name.</p>
    </details>
  </section>`;
  return layout(`${PAYMENT_MESSAGES.pay(amount)} · Tutora`, html`${summary(session, now)}${form}`, {
    script: true,
  });
}

/**
 * The card was refused: say why; Cancel leaves, Try Again shows the form again with the
 * cardholder's name kept (never the card's own details).
 */
export function paymentFailedPage(
  session: LocalSessionRow,
  now: Date,
  reason: string,
  name: string,
) {
  const tryAgain = name
    ? `${checkoutPath(session)}?${new URLSearchParams({ name })}`
    : checkoutPath(session);
  const panel = html`<section class="panel" role="alert" aria-labelledby="failed-title">
    ${FAILED_ICON}
    <h2 id="failed-title">${PAYMENT_MESSAGES.paymentFailed}</h2>
    <p class="reason">${reason}</p>
    <div class="actions side-by-side">
      ${cancelForm(session)}
      <a class="button primary" href="${tryAgain}">${BOOKING_MESSAGES.tryAgain}</a>
    </div>
  </section>`;
  return layout(
    `${PAYMENT_MESSAGES.paymentFailed} · Tutora`,
    html`${summary(session, now)}${panel}`,
    {
      script: true,
    },
  );
}

/** An expired session sends the student back to Tutora; a paid one on to its success page. */
export function sessionClosedPage(session: LocalSessionRow) {
  const paid = session.status === 'complete';
  const title = paid ? PAGE_TEXT.alreadyPaid : PAGE_TEXT.expired;
  const panel = html`<section class="panel" aria-labelledby="closed-title">
    ${paid ? OK_ICON : FAILED_ICON}
    <h2 id="closed-title">${title}</h2>
    <p class="reason">${paid ? PAGE_TEXT.alreadyPaidHelp : PAGE_TEXT.expiredHelp}</p>
    <a class="button primary" href="${paid ? successUrlOf(session) : session.cancel_url}"
      >${paid ? PAGE_TEXT.continue : PAGE_TEXT.returnToTutora}</a
    >
  </section>`;
  return layout(`${title} · Tutora`, html`${summary(session, undefined)}${panel}`);
}

function messagePage(title: string, help: string) {
  return layout(
    `${title} · Tutora`,
    html`<section class="summary">
        <div class="merchant">
          ${LOGO}<span class="name">Tutora</span><span class="badge">${PAGE_TEXT.testMode}</span>
        </div>
      </section>
      <section class="panel" aria-labelledby="message-title">
        ${FAILED_ICON}
        <h1 id="message-title">${title}</h1>
        <p class="reason">${help}</p>
        <a class="button primary" href="/">${PAGE_TEXT.returnToTutora}</a>
      </section>`,
  );
}

export const notFoundPage = () => messagePage(PAGE_TEXT.notFound, PAGE_TEXT.notFoundHelp);
export const receiptNotFoundPage = () =>
  messagePage(PAGE_TEXT.receiptNotFound, PAGE_TEXT.notFoundHelp);
export const refusedPage = () => messagePage(PAGE_TEXT.refused, PAGE_TEXT.refusedHelp);

const RECEIPT_DATE = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** What a paid session's receiptUrl shows: amount, what for, when, card, refunds. */
export function receiptPage(session: LocalSessionRow & { payment_intent_id: string }) {
  const refunded = session.refunded_cents;
  const rows: [string, string][] = [
    ['Amount paid', amountOf(session)],
    ['Description', session.description],
    ['Date paid', `${RECEIPT_DATE.format(session.completed_at ?? session.created_at)} UTC`],
    ['Payment method', `Card ending in ${session.card_last4 ?? '????'}`],
    ...(refunded > 0
      ? ([['Refunded', formatMoney(refunded, session.currency)]] as [string, string][])
      : []),
    ['Receipt number', session.payment_intent_id],
  ];
  const panel = html`<section class="panel receipt" aria-labelledby="receipt-title">
    ${OK_ICON}
    <h2 id="receipt-title">${PAGE_TEXT.receiptTitle}</h2>
    <dl>
      ${rows.map(
        ([term, value]) =>
          html`<dt>${term}</dt>
            <dd>${value}</dd>`,
      )}
    </dl>
  </section>`;
  return layout(`${PAGE_TEXT.receiptTitle}`, html`${summary(session, undefined)}${panel}`);
}
