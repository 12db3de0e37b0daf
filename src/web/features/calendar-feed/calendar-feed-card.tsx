import { CalendarSync } from 'lucide-react';
import { useState } from 'react';
import type { NewCalendarFeed } from '../../../contracts/calendar-feed.contract';
import { CALENDAR_FEED_MESSAGES as M } from '../../../domain/messages';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { ErrorPanel, LoadingSkeleton } from '../../components/ui/page-states';
import { useAccountZone } from '../../lib/account-zone';
import { messageOf } from '../../lib/api-client';
import { shortDate } from '../../lib/lesson-time';
import { notify } from '../../lib/notify';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from './calendar-feed-api';
import { FeedLink } from './feed-link';

type Confirming = 'rotate' | 'revoke' | null;

/**
 * My Schedule's 'Calendar feed' card (students and tutors): make a secret webcal link to the
 * user's lessons, copy it or subscribe, get a new one, or turn it off. The link is shown only
 * in the answer that made it (the server keeps its hash); later visits say since when it is on.
 */
export function CalendarFeedCard() {
  const status = useCalendarFeed();
  const zone = useAccountZone();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [made, setMade] = useState<NewCalendarFeed | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const busy = create.isPending || revoke.isPending;

  const makeLink = (rotating: boolean) =>
    create.mutate(undefined, {
      onSuccess: (feed) => {
        setMade(feed);
        setConfirming(null);
        notify.success(rotating ? M.rotated : M.created);
      },
      onError: (error) => notify.error(messageOf(error, M.saveFailed)),
    });
  const turnOff = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setMade(null);
        setConfirming(null);
        notify.success(M.revoked);
      },
      onError: (error) => notify.error(messageOf(error, M.saveFailed)),
    });

  const feed = status.data?.feed;
  return (
    <section
      aria-labelledby="calendar-feed-title"
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <header className="mb-4 flex items-start gap-3">
        <CalendarSync
          aria-hidden
          className="mt-1 h-5 w-5 shrink-0 text-indigo-600 dark:text-indigo-400"
        />
        <hgroup className="space-y-1">
          <h2 id="calendar-feed-title" className="text-lg font-semibold">
            {M.title}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{M.intro}</p>
        </hgroup>
      </header>
      {status.isPending ? (
        <LoadingSkeleton label={M.title} rows={1} />
      ) : status.isError ? (
        <ErrorPanel message={M.loadFailed} onRetry={() => status.refetch()} />
      ) : !feed ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-700 dark:text-slate-300">{M.privateLink}</p>
          <Button onClick={() => makeLink(false)} disabled={busy}>
            {create.isPending ? M.creating : M.create}
          </Button>
        </div>
      ) : (
        <div className="space-y-4">
          {made && made.feed.createdAt === feed.createdAt ? (
            <>
              <FeedLink webcalUrl={made.webcalUrl} />
              <p className="text-sm text-slate-700 dark:text-slate-300">{M.privateLink}</p>
            </>
          ) : (
            <div className="space-y-1 text-sm text-slate-700 dark:text-slate-300">
              <p className="font-medium">{M.activeSince(shortDate(feed.createdAt, zone))}</p>
              <p>{M.linkShownOnce}</p>
            </div>
          )}
          <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row dark:border-slate-800">
            <Button variant="secondary" onClick={() => setConfirming('rotate')} disabled={busy}>
              {M.rotate}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming('revoke')} disabled={busy}>
              {M.revoke}
            </Button>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirming === 'rotate'}
        title={M.rotateTitle}
        message={M.rotateConfirm}
        confirmLabel={M.rotate}
        onConfirm={() => makeLink(true)}
        onCancel={() => setConfirming(null)}
        busy={busy}
      />
      <ConfirmDialog
        open={confirming === 'revoke'}
        title={M.revokeTitle}
        message={M.revokeConfirm}
        confirmLabel={M.revokeConfirmLabel}
        onConfirm={turnOff}
        onCancel={() => setConfirming(null)}
        busy={busy}
      />
    </section>
  );
}
