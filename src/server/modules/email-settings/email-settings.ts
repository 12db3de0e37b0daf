import type { Kysely, Transaction } from 'kysely';
import type { NotificationSettings } from '../../../contracts/notification-settings.contract';
import {
  EMAIL_CATEGORIES,
  type EmailCategory,
} from '../../../domain/notifications/email-categories';
import type { Clock } from '../../adapters/clock';
import type { DB } from '../../db/types';
import { optedOutCategories, replaceOptOuts } from './email-settings.repository';

// Settings → Notifications (ADR 039): which optional emails a user gets. `mayEmail` is the one
// rule every job that sends an optional email asks before it sends.

type Db = Kysely<DB> | Transaction<DB>;

/**
 * May `userId` get an email of `category`? Yes unless they turned it off. Mail about money, a
 * lesson's change or the account's security has no category and never asks.
 */
export async function mayEmail(db: Db, userId: string, category: EmailCategory) {
  return !(await optedOutCategories(db, userId)).includes(category);
}

export async function emailSettingsOf(
  ctx: { db: Kysely<DB> },
  userId: string,
): Promise<NotificationSettings> {
  const off = new Set(await optedOutCategories(ctx.db, userId));
  const email = Object.fromEntries(
    EMAIL_CATEGORIES.map((category) => [category, !off.has(category)]),
  ) as NotificationSettings['email'];
  return { email };
}

export async function updateEmailSettings(
  ctx: { db: Kysely<DB>; clock: Clock },
  userId: string,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  const off = EMAIL_CATEGORIES.filter((category) => !settings.email[category]);
  await ctx.db.transaction().execute((trx) => replaceOptOuts(trx, userId, off, ctx.clock.now()));
  return emailSettingsOf(ctx, userId);
}
