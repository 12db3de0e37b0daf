import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';

const kinds = {
  info: {
    icon: Info,
    classes:
      'border-sky-200 bg-sky-50 text-sky-900 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100',
  },
  success: {
    icon: CheckCircle2,
    classes:
      'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  },
  warning: {
    icon: AlertTriangle,
    classes:
      'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100',
  },
  error: {
    icon: XCircle,
    classes:
      'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100',
  },
} as const;

type BannerKind = keyof typeof kinds;

/** An inline message in one of four kinds; dismissible unless `onDismiss` is omitted and `dismissible` is false. */
export function Banner({
  kind,
  children,
  dismissible = true,
  onDismiss,
}: {
  kind: BannerKind;
  children: ReactNode;
  dismissible?: boolean;
  onDismiss?: () => void;
}) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const { icon: Icon, classes } = kinds[kind];
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={`flex items-start gap-3 rounded-lg border p-3 text-left text-sm ${classes}`}
    >
      <Icon aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <div className="flex-1">{children}</div>
      {dismissible && (
        <button
          type="button"
          aria-label="Dismiss"
          className="rounded p-0.5 opacity-70 hover:opacity-100"
          onClick={() => {
            setOpen(false);
            onDismiss?.();
          }}
        >
          <X aria-hidden className="h-4 w-4" />
        </button>
      )}
    </div>
  );
}
