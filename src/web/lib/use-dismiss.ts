import { useEffect, useRef, type RefObject } from 'react';

/**
 * While `open`, Escape or a press outside `inside` dismisses a popup (a menu, a panel):
 * `onDismiss` hears which, so Escape can give the focus back to what opened it.
 */
export function useDismiss(
  open: boolean,
  inside: RefObject<HTMLElement | null>,
  onDismiss: (how: 'escape' | 'outside') => void,
) {
  // The latest callback, without re-adding the listeners on every render.
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  });
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && dismiss.current('escape');
    const onPointer = (event: PointerEvent) => {
      if (!inside.current?.contains(event.target as Node)) dismiss.current('outside');
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, inside]);
}
