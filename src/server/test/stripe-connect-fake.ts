import type { FormValue } from './stripe-fake';
import { dispatch, signedEvent, type BalanceType, type FakeRoute } from './stripe-fake-api';

// The Stripe Connect part of the local Stripe fake: Express accounts, onboarding links,
// transfers (with their balance transactions and reversals) and the events Stripe sends about
// them, signed with the SDK's own signing and POSTed to the endpoint a test names. Test controls
// play the tutor's part on Stripe's onboarding page and Stripe's own decisions (a requirement
// due, a transfer reversed).

interface FakeAccount {
  id: string;
  object: 'account';
  type: 'express';
  country: string;
  email: string | null;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  capabilities: { transfers: 'active' | 'inactive' };
  requirements: {
    currently_due: string[];
    eventually_due: string[];
    past_due: string[];
    disabled_reason: string | null;
  };
  external_accounts: { object: 'list'; data: { object: 'bank_account'; last4: string }[] };
  metadata: Record<string, string>;
  created: number;
}

interface FakeTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  currency: string;
  destination: string;
  transfer_group: string | null;
  metadata: Record<string, string>;
  reversed: boolean;
  balance_transaction: string;
  reversals: { object: 'list'; data: FakeReversal[] };
  created: number;
}

interface FakeReversal {
  id: string;
  object: 'transfer_reversal';
  amount: number;
  currency: string;
  transfer: string;
  balance_transaction: string;
  created: number;
}

/** An event the fake sent (or would send): its id, type and the exact signed delivery. */
export interface FakeEvent {
  id: string;
  type: string;
  body: string;
  headers: Record<string, string>;
}

export interface ConnectFakeControls {
  accounts: Map<string, FakeAccount>;
  transfers: Map<string, FakeTransfer>;
  /** Every event sent, oldest first. */
  events: FakeEvent[];
  /** Where events are POSTed from now on (null: nowhere, they are only kept in `events`). */
  sendWebhooksTo(url: string | null): void;
  /** Sends an event again, as Stripe retries a delivery; answers the endpoint's status. */
  redeliver(eventId: string): Promise<number>;
  /** Resolves when every delivery begun so far has been answered. */
  deliveriesSettled(): Promise<void>;
  /** The tutor finishes Stripe's onboarding: details submitted, payouts enabled. */
  completeOnboarding(accountId: string, last4?: string): FakeEvent;
  /** Stripe wants more (e.g. 'individual.verification.document'): payouts are disabled. */
  requireMore(accountId: string, fields: string[]): FakeEvent;
  /** Stripe (or the platform from its Dashboard) reverses a transfer, by `amount` or in full. */
  reverseTransfer(transferId: string, amount?: number): FakeEvent;
}

interface ConnectFakeDeps {
  now: () => Date;
  origin: () => string;
  webhookSecret: string;
  connectWebhookSecret: string;
  newId: (prefix: string) => string;
  invalid: (param: string | undefined, message: string) => never;
  notFound: (message: string, param?: string) => Error;
  /** Books a balance transaction on the platform's history (the fake's own); answers its id. */
  book: (type: BalanceType, amount: number, currency: string, source: string) => string;
}

/** Stripe's answer to a transfer to an account that cannot take one yet. */
const NO_TRANSFERS =
  'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments';

export function connectFake(deps: ConnectFakeDeps) {
  const { now, newId } = deps;
  const invalid: (param: string | undefined, message: string) => never = deps.invalid;
  const seconds = () => Math.floor(now().getTime() / 1000);
  const accounts = new Map<string, FakeAccount>();
  const transfers = new Map<string, FakeTransfer>();
  const reversals = new Map<string, FakeReversal>();
  const events: FakeEvent[] = [];
  const deliveries = new Set<Promise<unknown>>();
  let endpoint: string | null = null;

  function account(id: string): FakeAccount {
    const found = accounts.get(id);
    if (!found) throw deps.notFound(`No such account: '${id}'`, 'account');
    return found;
  }

  function createAccount(params: Record<string, FormValue>): FakeAccount {
    if (params.type !== 'express') invalid('type', 'Only Express accounts are faked');
    const created: FakeAccount = {
      id: newId('acct'),
      object: 'account',
      type: 'express',
      country: typeof params.country === 'string' ? params.country : 'US',
      email: typeof params.email === 'string' ? params.email : null,
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      capabilities: { transfers: 'inactive' },
      requirements: {
        currently_due: ['external_account', 'individual.first_name', 'tos_acceptance.date'],
        eventually_due: [],
        past_due: [],
        disabled_reason: 'requirements.past_due',
      },
      external_accounts: { object: 'list', data: [] },
      metadata: strings(params.metadata),
      created: seconds(),
    };
    accounts.set(created.id, created);
    return created;
  }

  function createAccountLink(params: Record<string, FormValue>) {
    const target = account(String(params.account));
    if (params.type !== 'account_onboarding') invalid('type', 'Invalid type');
    for (const field of ['refresh_url', 'return_url'] as const)
      if (typeof params[field] !== 'string') invalid(field, 'Missing required param');
    return {
      object: 'account_link',
      created: seconds(),
      expires_at: seconds() + 300,
      url: `${deps.origin()}/connect/setup/${target.id}`,
    };
  }

  function createTransfer(params: Record<string, FormValue>): FakeTransfer {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) invalid('amount', 'Invalid positive integer');
    if (typeof params.currency !== 'string') invalid('currency', 'Missing required param');
    const destination = accounts.get(String(params.destination));
    if (!destination)
      invalid('destination', `No such destination: '${String(params.destination)}'`);
    if (destination.capabilities.transfers !== 'active') invalid('destination', NO_TRANSFERS);
    const id = newId('tr');
    const transfer: FakeTransfer = {
      id,
      object: 'transfer',
      amount,
      amount_reversed: 0,
      currency: params.currency,
      destination: destination.id,
      transfer_group: typeof params.transfer_group === 'string' ? params.transfer_group : null,
      metadata: strings(params.metadata),
      reversed: false,
      balance_transaction: book('transfer', -amount, params.currency, id),
      reversals: { object: 'list', data: [] },
      created: seconds(),
    };
    transfers.set(id, transfer);
    emit('transfer.created', transfer, deps.webhookSecret);
    return transfer;
  }

  const { book } = deps;

  function transfer(id: string): FakeTransfer {
    const found = transfers.get(id);
    if (!found) throw deps.notFound(`No such transfer: '${id}'`, 'id');
    return found;
  }

  const routes: FakeRoute[] = [
    ['POST', /^\/v1\/accounts$/, createAccount],
    ['GET', /^\/v1\/accounts\/([^/]+)$/, (_params, id) => account(id)],
    ['POST', /^\/v1\/account_links$/, createAccountLink],
    ['POST', /^\/v1\/transfers$/, createTransfer],
    ['GET', /^\/v1\/transfers\/([^/]+)$/, (_params, id) => transfer(id)],
  ];
  const route = (method: string, path: string, params: Record<string, FormValue>) =>
    dispatch(routes, method, path, params);

  function emit(type: string, object: object, secret: string, connected?: string): FakeEvent {
    const event = signedEvent({
      id: newId('evt'),
      type,
      created: seconds(),
      object: structuredClone(object),
      secret,
      account: connected,
    });
    events.push(event);
    if (endpoint) track(post(endpoint, event));
    return event;
  }

  function track(delivery: Promise<unknown>) {
    const settled = delivery.catch(() => undefined).finally(() => deliveries.delete(settled));
    deliveries.add(settled);
  }

  async function post(url: string, event: FakeEvent) {
    const response = await fetch(url, { method: 'POST', headers: event.headers, body: event.body });
    await response.body?.cancel();
    return response.status;
  }

  const accountUpdated = (target: FakeAccount) =>
    emit('account.updated', target, deps.connectWebhookSecret, target.id);

  const controls: ConnectFakeControls = {
    accounts,
    transfers,
    events,
    sendWebhooksTo(url) {
      endpoint = url;
    },
    async redeliver(eventId) {
      const event = events.find((candidate) => candidate.id === eventId);
      if (!event || !endpoint) throw new Error(`cannot redeliver ${eventId}`);
      return post(endpoint, event);
    },
    async deliveriesSettled() {
      while (deliveries.size > 0) await Promise.all([...deliveries]);
    },
    completeOnboarding(accountId, last4 = '6789') {
      const target = account(accountId);
      Object.assign(target, {
        details_submitted: true,
        charges_enabled: true,
        payouts_enabled: true,
        capabilities: { transfers: 'active' },
        requirements: {
          currently_due: [],
          eventually_due: [],
          past_due: [],
          disabled_reason: null,
        },
        external_accounts: { object: 'list', data: [{ object: 'bank_account', last4 }] },
      });
      return accountUpdated(target);
    },
    requireMore(accountId, fields) {
      const target = account(accountId);
      Object.assign(target, {
        payouts_enabled: false,
        requirements: {
          currently_due: fields,
          eventually_due: fields,
          past_due: fields,
          disabled_reason: 'requirements.past_due',
        },
      });
      return accountUpdated(target);
    },
    reverseTransfer(transferId, amount) {
      const transfer = transfers.get(transferId);
      if (!transfer) throw new Error(`no transfer ${transferId}`);
      const cents = amount ?? transfer.amount - transfer.amount_reversed;
      const id = newId('trr');
      const reversal: FakeReversal = {
        id,
        object: 'transfer_reversal',
        amount: cents,
        currency: transfer.currency,
        transfer: transfer.id,
        balance_transaction: book('transfer_refund', cents, transfer.currency, id),
        created: seconds(),
      };
      reversals.set(id, reversal);
      transfer.reversals.data.push(reversal);
      transfer.amount_reversed += cents;
      transfer.reversed = transfer.amount_reversed === transfer.amount;
      return emit('transfer.reversed', transfer, deps.webhookSecret);
    },
  };
  /** A transfer or a reversal by id (a balance transaction's source). */
  const objectOf = (id: string): object | undefined => transfers.get(id) ?? reversals.get(id);
  return { route, controls, objectOf };
}

export function strings(value: FormValue | undefined): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}
