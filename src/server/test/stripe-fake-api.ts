import Stripe from 'stripe';
import type { FormValue } from './stripe-fake';

// What every part of the local Stripe fake shares: how a request finds its handler, how a
// collection is listed page by page, `expand`, and the platform's balance history, where each
// charge, refund, transfer and transfer reversal books a balance transaction as Stripe does.

export type Params = Record<string, FormValue>;

/** A route: method, path pattern, and the answer, given the params and the decoded captures. */
export type FakeRoute = [
  method: 'GET' | 'POST',
  pattern: RegExp,
  answer: (params: Params, ...captures: string[]) => object,
];

/** The answer of the first route matching the request; undefined when none does. */
export function dispatch(
  routes: FakeRoute[],
  method: string,
  path: string,
  params: Params,
): object | undefined {
  for (const [routeMethod, pattern, answer] of routes) {
    const match = routeMethod === method ? pattern.exec(path) : null;
    if (match) return answer(params, ...match.slice(1).map((part) => decodeURIComponent(part)));
  }
  return undefined;
}

/** The `expand` paths sent: none, one, or many. */
export const expandPaths = (params: Params) =>
  params.expand === undefined ? [] : [params.expand].flat(2).map(String);

/** One page of a list whose items are newest first: `limit` of them after `starting_after`. */
export function listPage<T extends { id: string }>(
  url: string,
  newestFirst: T[],
  params: Params,
  shown: (item: T) => object = (item) => item,
) {
  const limit = Math.min(Number(params.limit ?? 10), 100);
  let rest = newestFirst;
  if (typeof params.starting_after === 'string') {
    const index = rest.findIndex((item) => item.id === params.starting_after);
    rest = rest.slice(index + 1);
  }
  return {
    object: 'list',
    url,
    has_more: rest.length > limit,
    data: rest.slice(0, limit).map(shown),
  };
}

export type BalanceType = 'charge' | 'refund' | 'transfer' | 'transfer_refund';

export interface FakeBalanceTransaction {
  id: string;
  object: 'balance_transaction';
  /** Signed: a charge adds, a refund or transfer takes, a transfer reversal gives back. */
  amount: number;
  net: number;
  fee: number;
  currency: string;
  type: BalanceType;
  reporting_category: 'charge' | 'refund' | 'transfer' | 'transfer_reversal';
  source: string;
  status: 'available';
  created: number;
}

const CATEGORY = {
  charge: 'charge',
  refund: 'refund',
  transfer: 'transfer',
  transfer_refund: 'transfer_reversal',
} as const;

/**
 * The platform account's balance history. `objectOf` finds a source by id for
 * `expand: ['data.source']` (a charge, a refund, a transfer or a reversal).
 */
export function balanceHistory(deps: {
  newId: (prefix: string) => string;
  seconds: () => number;
  objectOf: (id: string) => object | undefined;
}) {
  const balance: FakeBalanceTransaction[] = [];
  return {
    book(type: BalanceType, amount: number, currency: string, source: string) {
      const id = deps.newId('txn');
      balance.push({
        id,
        object: 'balance_transaction',
        amount,
        net: amount,
        fee: 0,
        currency,
        type,
        reporting_category: CATEGORY[type],
        source,
        status: 'available',
        created: deps.seconds(),
      });
      return id;
    },
    /** GET /v1/balance_transactions: newest first, by `type`, sources expanded on request. */
    list(params: Params) {
      const expand = expandPaths(params).includes('data.source');
      const newestFirst = [...balance]
        .reverse()
        .filter((txn) => typeof params.type !== 'string' || txn.type === params.type);
      return listPage('/v1/balance_transactions', newestFirst, params, (txn) =>
        expand ? { ...txn, source: deps.objectOf(txn.source) ?? txn.source } : txn,
      );
    },
  };
}

/**
 * An event about `object` as Stripe delivers it: the JSON body and its Stripe-Signature, signed
 * with the SDK's own test signing. `account`: the connected account a Connect event is about.
 */
export function signedEvent(event: {
  id: string;
  type: string;
  created: number;
  object: object;
  secret: string;
  account?: string;
}) {
  const body = JSON.stringify({
    id: event.id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: event.created,
    type: event.type,
    livemode: false,
    pending_webhooks: 1,
    ...(event.account ? { account: event.account } : {}),
    request: { id: null, idempotency_key: null },
    data: { object: event.object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: event.secret,
    timestamp: event.created,
  });
  return {
    id: event.id,
    type: event.type,
    body,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  };
}
