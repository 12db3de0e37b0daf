import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * The Filters panel on a phone: a sheet sliding up from the bottom, on the native <dialog>
 * element so the browser traps focus, closes it on Escape and returns focus to the button.
 */
export function FiltersSheet({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (open && !dialog?.open) dialog?.showModal();
    if (!open && dialog?.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // A click on the backdrop lands on the <dialog> itself: close, like a drawer.
      onClick={(event) => event.target === event.currentTarget && onClose()}
      className="mx-0 mt-auto mb-0 max-h-[85vh] w-full max-w-none rounded-t-2xl border-t border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      {open && (
        <div className="flex max-h-[85vh] flex-col">
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 dark:border-slate-800">
            <h2 id={titleId} className="text-lg font-semibold">
              Filters
            </h2>
            <button
              type="button"
              aria-label="Close filters"
              onClick={onClose}
              className="rounded-lg p-1 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <X aria-hidden className="h-5 w-5" />
            </button>
          </div>
          <div className="overflow-y-auto px-4 pt-4">{children}</div>
        </div>
      )}
    </dialog>
  );
}
