import type { ReactNode } from 'react';

/** One of a few exclusive choices shown side by side (a preview shape, a zone): pressed or not. */
export function ChoiceChip({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`rounded-md border px-2.5 py-1 text-xs font-medium ${
        pressed
          ? 'border-indigo-600 bg-indigo-600 text-white'
          : 'border-slate-300 dark:border-slate-700'
      }`}
    >
      {children}
    </button>
  );
}
