import { CheckCircle2, LoaderCircle, XCircle } from 'lucide-react';
import type { ReactElement } from 'react';
import { resolveValue, useToaster, type Toast } from 'react-hot-toast/headless';

// The toasts (react-hot-toast's store, drawn with our own markup): its styled Toaster builds
// CSS-in-JS keyframes when the first file is evaluated, ~18 ms of a phone's main thread before
// any page shows (~73 ms at Lighthouse's 4× slowdown). As the spec sets them: top-center,
// success 3 s, error 4 s; a loading toast stays until a later one with its id replaces it.

const OPTIONS = { success: { duration: 3000 }, error: { duration: 4000 } };

const ICONS: Partial<Record<Toast['type'], ReactElement>> = {
  success: <CheckCircle2 aria-hidden className="h-5 w-5 shrink-0 text-emerald-500" />,
  error: <XCircle aria-hidden className="h-5 w-5 shrink-0 text-red-500" />,
  loading: (
    <LoaderCircle
      aria-hidden
      className="h-5 w-5 shrink-0 text-slate-500 motion-safe:animate-spin dark:text-slate-400"
    />
  ),
};

export function Toaster() {
  const { toasts, handlers } = useToaster(OPTIONS);
  return (
    <div
      // `toaster`: the browser tests' accessibility check finds the toasts by it.
      className="toaster pointer-events-none fixed inset-x-4 top-4 z-[9999] flex flex-col items-center gap-2"
      onMouseEnter={handlers.startPause}
      onMouseLeave={handlers.endPause}
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`pointer-events-auto flex max-w-[350px] items-center gap-2.5 rounded-lg bg-white px-3 py-2 leading-snug text-slate-900 shadow-lg ring-1 ring-slate-900/5 motion-safe:transition-all motion-safe:duration-300 dark:bg-slate-800 dark:text-slate-100 dark:ring-white/10 ${
            toast.visible ? 'opacity-100' : 'motion-safe:-translate-y-2 opacity-0'
          }`}
        >
          {ICONS[toast.type]}
          <div {...toast.ariaProps}>{resolveValue(toast.message, toast)}</div>
        </div>
      ))}
    </div>
  );
}
