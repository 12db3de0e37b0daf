import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import { fullName } from '../../db/full-name';
import type { DB } from '../../db/types';
import { listedTutor } from '../../db/listed-tutor';

// Every query of conversations and messages. Functions take the database or the open
// transaction first; a conversation is always looked up together with the viewer, so another
// pair's conversation is simply not found.

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Whether the pair of the conversation `c` has had a paid lesson (then nothing is masked). A
 * paid lesson: not a trial; paid, i.e. its card payment was captured (payments.completed_at
 * is set: it stays set when the payment is later refunded) or it used a paid package's credit
 * (student_packages.status active or expired: awaiting_payment was never paid, refunded was
 * given back); not a hold that lapsed or is still at the checkout (status awaiting_payment,
 * expired); and not called off with the money back (canceled or a tutor's no-show with
 * refund_cents > 0, or a package lesson whose credit returned: not credit_forfeited). A late
 * cancel or a student's no-show kept the money, so it counts.
 */
export const pairHasPaidLesson = (c: string): RawBuilder<SqlBool> => sql<SqlBool>`exists (
  select 1 from lessons pl
    join tutor_profiles ptp on ptp.id = pl.tutor_profile_id
    left join payments pp on pp.id = pl.payment_id
    left join student_packages psp on psp.id = pl.student_package_id
   where pl.student_id = ${sql.ref(`${c}.student_id`)} and ptp.user_id = ${sql.ref(`${c}.tutor_id`)}
     and not pl.is_trial
     and pl.status not in ('awaiting_payment', 'expired')
     and (pp.completed_at is not null or psp.status in ('active', 'expired'))
     and not (pl.status in ('canceled', 'no_show')
              and (pl.refund_cents > 0
                   or (pl.student_package_id is not null and not pl.credit_forfeited))))`;

/** Conversations as the viewer sees them: the other person, unread count, masking, blocks. */
function conversationRows(db: Db, viewerId: string) {
  return db
    .selectFrom('conversations as c')
    .innerJoin('users as o', (join) =>
      join.on((eb) =>
        eb(
          'o.id',
          '=',
          eb
            .case()
            .when('c.student_id', '=', viewerId)
            .then(eb.ref('c.tutor_id'))
            .else(eb.ref('c.student_id'))
            .end(),
        ),
      ),
    )
    .leftJoin('tutor_profiles as tp', 'tp.user_id', 'c.tutor_id')
    .select([
      'c.id',
      'c.student_id',
      'c.tutor_id',
      'c.updated_at',
      'c.blocked_by_student_at',
      'c.blocked_by_tutor_at',
      'o.id as other_id',
      fullName('o').as('other_name'),
      'o.role as other_role',
      'o.avatar_url as other_avatar',
      'o.closed_at as other_closed_at',
      'o.suspended_at as other_suspended_at',
      'tp.id as tutor_profile_id',
    ])
    .select((eb) => [
      pairHasPaidLesson('c').as('paid'),
      eb
        .selectFrom('messages as um')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('um.conversation_id', '=', 'c.id')
        .where('um.sender_id', '<>', viewerId)
        .where('um.read_at', 'is', null)
        .as('unread'),
      eb
        .selectFrom('messages as lm')
        .select('lm.id')
        .whereRef('lm.conversation_id', '=', 'c.id')
        .orderBy('lm.seq', 'desc')
        .limit(1)
        .as('last_message_id'),
    ])
    .where((eb) => eb.or([eb('c.student_id', '=', viewerId), eb('c.tutor_id', '=', viewerId)]));
}
export type ConversationRow = Awaited<
  ReturnType<ReturnType<typeof conversationRows>['execute']>
>[number];

/** The viewer's conversation with this id, or undefined (not theirs, or none). */
export const conversationFor = (db: Db, viewerId: string, id: string) =>
  conversationRows(db, viewerId).where('c.id', '=', id).executeTakeFirst();

/** A page of the viewer's conversations that have a message, the latest activity first. */
export async function conversationsPage(
  db: Db,
  viewerId: string,
  page: { limit: number; offset: number },
) {
  const withMessages = sql<SqlBool>`exists (select 1 from messages m where m.conversation_id = c.id)`;
  const [rows, { total }] = await Promise.all([
    conversationRows(db, viewerId)
      .where(withMessages)
      .orderBy('c.updated_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('conversations as c')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where((eb) => eb.or([eb('c.student_id', '=', viewerId), eb('c.tutor_id', '=', viewerId)]))
      .where(withMessages)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total) };
}

/** Messages to the viewer not yet read, in all their conversations. */
export async function unreadTotal(db: Db, viewerId: string): Promise<number> {
  const row = await db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where((eb) => eb.or([eb('c.student_id', '=', viewerId), eb('c.tutor_id', '=', viewerId)]))
    .where('m.sender_id', '<>', viewerId)
    .where('m.read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const messagesByIds = (db: Db, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('messages').selectAll().where('id', 'in', ids).execute();

/**
 * Messages of a conversation: the newest `limit` before `before` (or the newest of all), or,
 * with only `after`, the oldest `limit` after it. Oldest first.
 */
export async function messagePage(
  db: Db,
  conversationId: string,
  cursor: { before?: number; after?: number; limit: number },
) {
  let query = db.selectFrom('messages').selectAll().where('conversation_id', '=', conversationId);
  if (cursor.before !== undefined) query = query.where('seq', '<', cursor.before);
  if (cursor.after !== undefined) query = query.where('seq', '>', cursor.after);
  const forwards = cursor.after !== undefined && cursor.before === undefined;
  const rows = await query
    .orderBy('seq', forwards ? 'asc' : 'desc')
    .limit(cursor.limit)
    .execute();
  return forwards ? rows : rows.reverse();
}

/** Whether the conversation has a message before `seq`. */
export async function hasMessageBefore(db: Db, conversationId: string, seq: number) {
  const row = await db
    .selectFrom('messages')
    .select('id')
    .where('conversation_id', '=', conversationId)
    .where('seq', '<', seq)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The user id of a listed tutor's profile, or undefined. */
export const listedTutorUser = (db: Db, profileId: string) =>
  db
    .selectFrom('tutor_profiles as tp')
    .select('tp.user_id')
    .where('tp.id', '=', profileId)
    .where(listedTutor('tp.id'))
    .executeTakeFirst();

/** A student who has (or had) a booked lesson with the tutor's profile. */
export const studentOfTutor = (db: Db, tutorUserId: string, studentId: string) =>
  db
    .selectFrom('lessons as l')
    .innerJoin('tutor_profiles as tp', 'tp.id', 'l.tutor_profile_id')
    .select('l.student_id')
    .where('tp.user_id', '=', tutorUserId)
    .where('l.student_id', '=', studentId)
    .where('l.status', 'not in', ['awaiting_payment', 'expired'])
    .limit(1)
    .executeTakeFirst();

/** Creates the pair's conversation; undefined when it existed already. */
export const insertConversation = (
  db: Db,
  pair: { studentId: string; tutorId: string; now: Date },
) =>
  db
    .insertInto('conversations')
    .values({
      student_id: pair.studentId,
      tutor_id: pair.tutorId,
      created_at: pair.now,
      updated_at: pair.now,
    })
    .onConflict((oc) => oc.columns(['student_id', 'tutor_id']).doNothing())
    .returning('id')
    .executeTakeFirst();

export const conversationOfPair = (db: Db, studentId: string, tutorId: string) =>
  db
    .selectFrom('conversations')
    .select('id')
    .where('student_id', '=', studentId)
    .where('tutor_id', '=', tutorId)
    .executeTakeFirstOrThrow();

/**
 * Makes one sender's sends wait for each other until the transaction ends, so two at once (in
 * any process) cannot both pass the rate limit or both insert the same clientId.
 */
export async function lockSender(trx: Transaction<DB>, senderId: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`tutora:messages:${senderId}`}))`.execute(trx);
}

/** Locks the conversation row (a send against a block, a read against a read). */
export const lockConversation = (trx: Transaction<DB>, id: string) =>
  trx.selectFrom('conversations').select('id').where('id', '=', id).forUpdate().executeTakeFirst();

export const messageByClientId = (db: Db, senderId: string, clientId: string) =>
  db
    .selectFrom('messages')
    .selectAll()
    .where('sender_id', '=', senderId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();

/** How many messages the sender sent since `since`, and the oldest of them. */
export async function sentSince(db: Db, senderId: string, since: Date) {
  const row = await db
    .selectFrom('messages')
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.min('sent_at').as('oldest')])
    .where('sender_id', '=', senderId)
    .where('sent_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest as Date | null };
}

export async function insertMessage(
  trx: Transaction<DB>,
  message: {
    conversationId: string;
    senderId: string;
    body: string;
    masked: boolean;
    clientId: string | null;
    now: Date;
  },
) {
  const row = await trx
    .insertInto('messages')
    .values({
      conversation_id: message.conversationId,
      sender_id: message.senderId,
      body: message.body,
      masked: message.masked,
      client_id: message.clientId,
      sent_at: message.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('conversations')
    .set({ updated_at: message.now })
    .where('id', '=', message.conversationId)
    .execute();
  return row;
}

export type Side = 'student' | 'tutor';

/**
 * Marks the reader's received messages up to `upToSeq` read and moves their read seq there
 * (never backwards, never past the last message). Answers the read seq and how many changed.
 */
export async function markRead(
  trx: Transaction<DB>,
  conversationId: string,
  reader: { id: string; side: Side },
  upToSeq: number,
  now: Date,
) {
  const marked = await trx
    .updateTable('messages')
    .set({ read_at: now })
    .where('conversation_id', '=', conversationId)
    .where('sender_id', '<>', reader.id)
    .where('seq', '<=', upToSeq)
    .where('read_at', 'is', null)
    .returning('id')
    .execute();
  const column = reader.side === 'student' ? 'student_read_seq' : 'tutor_read_seq';
  const last = await trx
    .selectFrom('messages')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('conversation_id', '=', conversationId)
    .executeTakeFirstOrThrow();
  const target = Math.min(upToSeq, Number(last.seq ?? 0));
  const before = await trx
    .selectFrom('conversations')
    .select(column)
    .where('id', '=', conversationId)
    .executeTakeFirstOrThrow();
  const readSeq = Math.max(Number(before[column]), target);
  if (readSeq !== Number(before[column]))
    await trx
      .updateTable('conversations')
      .set({ [column]: readSeq })
      .where('id', '=', conversationId)
      .execute();
  return { readSeq, changed: marked.length > 0 || readSeq !== Number(before[column]) };
}

/** Sets (a time) or clears (null) one side's block. */
export async function setBlocked(db: Db, conversationId: string, side: Side, at: Date | null) {
  const column = side === 'student' ? 'blocked_by_student_at' : 'blocked_by_tutor_at';
  await db
    .updateTable('conversations')
    .set({ [column]: at })
    .where('id', '=', conversationId)
    .execute();
}

/** One message as stored, or undefined. */
export function findMessage(db: Db, id: string) {
  return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
}

// The digest's queries (messaging-digest.ts).

/** The recipient's unread messages not yet in a digest, as of the caller's transaction. */
function undigested(trx: Transaction<DB>, recipientId: string) {
  return trx
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .innerJoin('users as s', 's.id', 'm.sender_id')
    .where((eb) =>
      eb.or([eb('c.student_id', '=', recipientId), eb('c.tutor_id', '=', recipientId)]),
    )
    .where('m.sender_id', '<>', recipientId)
    .where('m.read_at', 'is', null)
    .where('m.digested_at', 'is', null);
}

/** Serialises the digest runs of one recipient (until the transaction ends). */
export async function lockDigestOf(trx: Transaction<DB>, recipientId: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`tutora:digest:${recipientId}`}))`.execute(trx);
}

/** The recipient's undigested unread messages sent by `cutoff`, in order, with who sent them. */
export function undigestedDue(trx: Transaction<DB>, recipientId: string, cutoff: Date) {
  return undigested(trx, recipientId)
    .select(['m.id', 'm.conversation_id', 'm.body', fullName('s').as('sender_name')])
    .where('m.sent_at', '<=', cutoff)
    .orderBy('m.seq')
    .execute();
}

/** Marks these messages digested, unless read or digested meanwhile; answers those marked. */
export async function markDigested(trx: Transaction<DB>, ids: string[], now: Date) {
  if (ids.length === 0) return [];
  return trx
    .updateTable('messages')
    .set({ digested_at: now })
    .where('id', 'in', ids)
    .where('read_at', 'is', null)
    .where('digested_at', 'is', null)
    .returning('id')
    .execute();
}

export function digestRecipient(trx: Transaction<DB>, userId: string) {
  return trx
    .selectFrom('users')
    .select(['email', 'first_name', 'role', 'closed_at', 'suspended_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** When the first undigested unread message sent after `cutoff` was sent, if any. */
export async function firstUndigestedAfter(
  trx: Transaction<DB>,
  recipientId: string,
  cutoff: Date,
) {
  const later = await undigested(trx, recipientId)
    .select((eb) => eb.fn.min('m.sent_at').as('first'))
    .where('m.sent_at', '>', cutoff)
    .executeTakeFirst();
  return later?.first as Date | null | undefined;
}
