import { useEffect } from 'react';
import { useLocation } from 'react-router';
import {
  EMAIL_CATEGORIES,
  EMAIL_CATEGORY_TEXT,
  type EmailCategory,
} from '../../../domain/notifications/email-categories';
import { SETTINGS_MESSAGES as M } from '../../../domain/messages';
import { ErrorPanel, LoadingSkeleton } from '../../components/ui/page-states';
import { messageOf } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useNotificationSettings, useSaveNotificationSettings } from './notifications-api';
import { SectionCard } from './section-card';

/**
 * The optional emails, each on or off, saved as soon as it changes (ADR 039). Its id is the
 * anchor each optional email links to. The bell has no choices: it tells only of lessons,
 * money, reviews and the profile, none of them optional.
 */
export function NotificationsSection() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const { hash } = useLocation();
  const loaded = settings.isSuccess;
  // The optional emails link here (#notifications); the section appears only once loaded, after
  // the browser looked for the anchor, so it is brought into view then.
  useEffect(() => {
    if (loaded && hash === '#notifications')
      document.getElementById('notifications')?.closest('section')?.scrollIntoView?.();
  }, [loaded, hash]);
  const toggle = (category: EmailCategory, on: boolean) => {
    if (!settings.data) return;
    save.mutate(
      { email: { ...settings.data.email, [category]: on } },
      {
        onSuccess: () => notify.success(M.notificationsSaved),
        onError: (error) => notify.error(messageOf(error, M.updateFailed)),
      },
    );
  };
  return (
    <SectionCard id="notifications" title="Notifications" intro="Choose which emails we send you.">
      {settings.isPending && (
        <LoadingSkeleton label="Loading your notification settings" rows={2} />
      )}
      {settings.isError && (
        <ErrorPanel message={M.notificationsLoadFailed} onRetry={() => void settings.refetch()} />
      )}
      {settings.data && (
        <fieldset className="space-y-4">
          <legend className="sr-only">Emails</legend>
          {EMAIL_CATEGORIES.map((category) => (
            <div key={category} className="flex items-start gap-3">
              <input
                id={`email-${category}`}
                type="checkbox"
                aria-describedby={`email-${category}-hint`}
                checked={settings.data.email[category]}
                onChange={(event) => toggle(category, event.target.checked)}
                className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 accent-indigo-600"
              />
              <div className="text-sm">
                <label htmlFor={`email-${category}`} className="font-medium">
                  {EMAIL_CATEGORY_TEXT[category].label}
                </label>
                <p id={`email-${category}-hint`} className="text-slate-600 dark:text-slate-400">
                  {EMAIL_CATEGORY_TEXT[category].hint}
                </p>
              </div>
            </div>
          ))}
        </fieldset>
      )}
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        Emails about payments, your lessons&apos; bookings and changes, refunds, payouts and your
        account&apos;s security are always sent.
      </p>
    </SectionCard>
  );
}
