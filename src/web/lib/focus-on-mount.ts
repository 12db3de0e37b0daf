/**
 * A ref that focuses its element once, as it appears: what `autoFocus` does in React DOM.
 * Preact (the app's renderer, ADR 043) only sets the attribute, and a browser ignores it on an
 * element added after the page loaded, so `autoFocus` is not used (a lint rule says so).
 * Module-level, so its identity never changes and a re-render does not focus again.
 */
export function focusOnMount(element: HTMLElement | null) {
  element?.focus();
}
