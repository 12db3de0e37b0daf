import { useEffect, useRef } from 'react';
import { useRouteError } from 'react-router';
import { Brand } from '../../components/ui/brand';
import { Button, ButtonLink } from '../../components/ui/button';
import { useHome } from './use-home';

// Browsers word a failed dynamic import differently (Chromium, Firefox, Safari). It happens when
// a deploy replaced the page's code chunks while this tab still runs the old version.
const CHUNK_FAILURE = /dynamically imported module|importing a module script failed/i;

const isStaleChunkError = (error: unknown) =>
  error instanceof Error && CHUNK_FAILURE.test(error.message);

/**
 * The router's last resort: a page that threw while rendering, or whose code failed to load.
 * A reload fetches the current version; the home link is a full page load for the same reason.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const stale = isStaleChunkError(error);
  const home = useHome();
  const heading = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen-reader users start on the news, not wherever focus was.
  useEffect(() => heading.current?.focus(), []);

  return (
    <main className="grid min-h-screen place-items-center p-6 text-center">
      <div className="max-w-md">
        <Brand />
        <h1 ref={heading} tabIndex={-1} className="mt-8 text-3xl font-bold outline-none">
          {stale ? 'Tutora has been updated' : 'Something went wrong'}
        </h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          {stale
            ? 'A newer version of this page is available. Reload to continue where you were.'
            : 'This page ran into an unexpected problem. Reloading usually fixes it.'}
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button onClick={() => window.location.reload()}>Reload page</Button>
          <ButtonLink variant="secondary" to={home.to} reloadDocument>
            {home.label}
          </ButtonLink>
        </div>
      </div>
    </main>
  );
}
