import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { DB, LocalCheckoutSessions } from '../../db/types';

// Every query of the local hosted checkout. Its sessions and refunds live in the database so
// that any API process can show the page, take the card, answer a retrieve or a refund.

type Db = Kysely<DB> | Transaction<DB>;

export type LocalSessionRow = Selectable<LocalCheckoutSessions>;

/** Inserts a session unless its idempotency key exists; either way returns the key's session. */
export async function insertSessionOnce(
  db: Db,
  session: Insertable<LocalCheckoutSessions>,
): Promise<LocalSessionRow> {
  const inserted = await db
    .insertInto('local_checkout_sessions')
    .values(session)
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  return (
    inserted ??
    db
      .selectFrom('local_checkout_sessions')
      .selectAll()
      .where('idempotency_key', '=', session.idempotency_key)
      .executeTakeFirstOrThrow()
  );
}

/**
 * A session as it stands at `now`: an open session whose time ran out is expired first (as a
 * provider expires its sessions on time), so no page or retrieve ever shows it payable. Read
 * first: only a lapsed one needs the write (one statement for the usual read, not two).
 */
export async function sessionAt(
  db: Db,
  sessionId: string,
  now: Date,
): Promise<LocalSessionRow | undefined> {
  const session = await sessionById(db, sessionId);
  if (!session || session.status !== 'open' || session.expires_at > now) return session;
  const lapsed = await db
    .updateTable('local_checkout_sessions')
    .set({ status: 'expired' })
    .where('id', '=', sessionId)
    .where('status', '=', 'open')
    .where('expires_at', '<=', now)
    .returningAll()
    .executeTakeFirst();
  // Not updated: paid or closed meanwhile, by another request.
  return lapsed ?? sessionById(db, sessionId);
}

const sessionById = (db: Db, sessionId: string) =>
  db
    .selectFrom('local_checkout_sessions')
    .selectAll()
    .where('id', '=', sessionId)
    .executeTakeFirst();

/** Closes an open session; a complete or already expired one is left as it is. */
export async function expireOpenSession(db: Db, sessionId: string) {
  const result = await db
    .updateTable('local_checkout_sessions')
    .set({ status: 'expired' })
    .where('id', '=', sessionId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Marks an open, unexpired session paid, in one statement: two Pay clicks or two processes
 * racing each other cannot both complete it. Undefined when it was not payable any more.
 */
export function completeOpenSession(
  db: Db,
  sessionId: string,
  payment: { paymentIntentId: string; cardLast4: string; now: Date },
) {
  return db
    .updateTable('local_checkout_sessions')
    .set({
      status: 'complete',
      payment_status: 'paid',
      payment_intent_id: payment.paymentIntentId,
      card_last4: payment.cardLast4,
      completed_at: payment.now,
    })
    .where('id', '=', sessionId)
    .where('status', '=', 'open')
    .where('expires_at', '>', payment.now)
    .returningAll()
    .executeTakeFirst();
}

export function sessionByPaymentIntent(db: Db, paymentIntentId: string) {
  return db
    .selectFrom('local_checkout_sessions')
    .selectAll()
    .where('payment_intent_id', '=', paymentIntentId)
    .executeTakeFirst();
}

/** The paid session of a payment intent, locked until the transaction ends (refunds queue). */
export function lockSessionByPaymentIntent(trx: Transaction<DB>, paymentIntentId: string) {
  return trx
    .selectFrom('local_checkout_sessions')
    .selectAll()
    .where('payment_intent_id', '=', paymentIntentId)
    .forUpdate()
    .executeTakeFirst();
}

export function refundByKey(db: Db, idempotencyKey: string) {
  return db
    .selectFrom('local_refunds')
    .selectAll()
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

/** The refund of the payment intent that carries `reference` (its caller's refund id). */
export function refundByReference(db: Db, paymentIntentId: string, reference: string) {
  return db
    .selectFrom('local_refunds as r')
    .innerJoin('local_checkout_sessions as s', 's.id', 'r.session_id')
    .select(['r.id', 'r.amount_cents'])
    .where('s.payment_intent_id', '=', paymentIntentId)
    .where('r.reference', '=', reference)
    .executeTakeFirst();
}

export async function recordRefund(
  trx: Transaction<DB>,
  refund: {
    id: string;
    sessionId: string;
    idempotencyKey: string;
    amountCents: number;
    reference: string;
  },
) {
  await trx
    .insertInto('local_refunds')
    .values({
      id: refund.id,
      session_id: refund.sessionId,
      idempotency_key: refund.idempotencyKey,
      amount_cents: refund.amountCents,
      reference: refund.reference,
    })
    .execute();
  await trx
    .updateTable('local_checkout_sessions')
    .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', refund.amountCents) }))
    .where('id', '=', refund.sessionId)
    .execute();
}
