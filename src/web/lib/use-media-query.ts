import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, kept in sync with the window. */
function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Phones and small tablets: the spec's 768 px breakpoint. */
export const useIsMobile = () => useMediaQuery('(max-width: 767px)');
