import { isValidElement, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

// Route-level prefetch: the code of the page a link leads to starts loading when the pointer
// rests on the link or the keyboard focuses it (a few hundred ms before the click), and the
// next likely screen loads when the browser is idle. Only code: data is asked for on arrival.

type Preloadable = { preload?: () => Promise<unknown> };
const started = new WeakSet<RouteObject>();

/** Starts loading every lazy part of the route at `pathname`: its page and its layouts. */
export function prefetchRoute(routes: RouteObject[], pathname: string) {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    if (started.has(route)) continue;
    started.add(route);
    // A failed download is retried, and reported, by the navigation itself.
    if (typeof route.lazy === 'function') void route.lazy().catch(() => undefined);
    preloadElement(route.element);
  }
}

/** Preloads the lazy components in a route's element (a guard wrapping a lazy layout). */
function preloadElement(node: ReactNode) {
  if (!isValidElement(node)) return;
  void (node.type as Preloadable).preload?.().catch(() => undefined);
  preloadElement((node.props as { children?: ReactNode }).children);
}

/** Prefetches a same-origin link's route on hover or focus; answers how to stop. */
export function prefetchLinksOnIntent(routes: RouteObject[], root: Document = document) {
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    prefetchRoute(routes, link.pathname);
  };
  root.addEventListener('pointerover', onIntent, { passive: true });
  root.addEventListener('focusin', onIntent);
  return () => {
    root.removeEventListener('pointerover', onIntent);
    root.removeEventListener('focusin', onIntent);
  };
}

/** Runs `work` once the browser has nothing better to do (after the page has shown). */
export function whenIdle(work: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(work, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(work, 200);
  return () => clearTimeout(id);
}
