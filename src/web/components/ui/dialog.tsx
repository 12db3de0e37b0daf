import { X } from 'lucide-react';
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Button } from './button';

/**
 * A modal dialog on the native <dialog> element: the browser traps focus, closes on Escape and
 * returns focus to what opened it. `dismissible={false}` keeps it open on Escape.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'md',
  dismissible = true,
  variant = 'center',
  closeLabel = 'Close',
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  dismissible?: boolean;
  /** 'sheet' slides up from the bottom of a phone screen and closes on a backdrop tap. */
  variant?: 'center' | 'sheet';
  closeLabel?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // As the content is rendered or removed, not a frame later (Preact runs effects after the
  // next frame): otherwise an emptied dialog stays modal for that frame and takes the clicks.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl', xl: 'max-w-6xl' };
  const placement =
    variant === 'sheet'
      ? 'mx-0 mt-auto mb-0 w-full max-w-none rounded-t-2xl border-t'
      : `m-auto w-[calc(100%-1.5rem)] ${widths[size]} rounded-xl border`;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose();
      }}
      // A tap on a sheet's backdrop lands on the <dialog> itself: close, like a drawer.
      onClick={(event) =>
        variant === 'sheet' && dismissible && event.target === event.currentTarget && onClose()
      }
      className={`${placement} border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/60 backdrop:backdrop-blur-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100`}
    >
      {open && (
        <div className="flex max-h-[90vh] flex-col">
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {dismissible && (
              <button
                type="button"
                aria-label={closeLabel}
                onClick={onClose}
                className="rounded-lg p-1 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                <X aria-hidden className="h-5 w-5" />
              </button>
            )}
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
          {footer && (
            <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3 dark:border-slate-800">
              {footer}
            </div>
          )}
        </div>
      )}
    </dialog>
  );
}

/** A yes/no question in a small dialog. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  busy = false,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="text-sm text-slate-700 dark:text-slate-300">{message}</div>
    </Dialog>
  );
}
