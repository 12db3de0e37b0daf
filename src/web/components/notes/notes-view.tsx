import { useLayoutEffect, useRef } from 'react';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { NOTES_CONTENT_CLASSES } from './notes-content';

/** Swaps a picture that did not load for the spec's 'Failed to load image'. */
function markBroken(image: HTMLImageElement) {
  const note = document.createElement('span');
  note.textContent = M.imageLoadFailed;
  note.dataset.testid = 'note-image-failed';
  note.className =
    'my-2 inline-block rounded border border-dashed border-slate-400 px-2 py-1 text-sm text-slate-700 dark:border-slate-500 dark:text-slate-300';
  image.replaceWith(note);
}

/**
 * Notes as read-only rich text. The HTML is the server's, already sanitized (only formatting,
 * links and our own image URLs survive), so it is rendered as is.
 */
export function NotesView({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    // The sanitizer keeps no alt text or link targets: give pictures a name and links a new tab.
    for (const image of root.querySelectorAll('img')) {
      image.alt ||= M.noteImageAlt;
      if (image.complete && image.naturalWidth === 0) markBroken(image);
    }
    for (const link of root.querySelectorAll('a')) {
      link.target = '_blank';
      link.rel = 'noopener noreferrer';
    }
    // Image errors do not bubble: catch them on the way down.
    const onError = (event: Event) => {
      if (event.target instanceof HTMLImageElement) markBroken(event.target);
    };
    root.addEventListener('error', onError, true);
    return () => root.removeEventListener('error', onError, true);
  }, [html]);

  if (!html) return <p className="text-sm text-slate-600 dark:text-slate-400">{M.noNotes}</p>;
  return (
    <div
      ref={ref}
      data-testid="notes-view"
      className={NOTES_CONTENT_CLASSES}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
