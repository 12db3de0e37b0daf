import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { cachedUser } from '../../lib/session';
import { ConfirmDialog } from './dialog';

/**
 * Asks before leaving a page with unsaved changes: the browser's own question when the tab is
 * closed or reloaded, and a dialog (Stay / Leave) when a link or Back leaves the page.
 * Signing out is never held up: nobody signed in has nothing to keep.
 */
export function UnsavedChangesGuard({
  when,
  title,
  message,
}: {
  when: boolean;
  title: string;
  message: string;
}) {
  const client = useQueryClient();
  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Safari asks only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && cachedUser(client) !== null && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={title}
      message={message}
      confirmLabel="Leave"
      cancelLabel="Stay"
      onCancel={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
