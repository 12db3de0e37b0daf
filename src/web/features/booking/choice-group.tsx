import type { ReactNode } from 'react';

export interface Choice<T> {
  value: T;
  label: string;
  /** A second line under the label (a price, a reason). */
  hint?: ReactNode;
  disabled?: boolean;
}

export const pressedStyle =
  'border-indigo-600 bg-indigo-50 text-indigo-800 ring-1 ring-indigo-600 dark:border-indigo-400 dark:bg-indigo-950 dark:text-indigo-100 dark:ring-indigo-400';
export const idleStyle =
  'border-slate-300 bg-white text-slate-800 hover:border-indigo-400 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:border-indigo-500';
const disabledStyle =
  'disabled:cursor-not-allowed disabled:border-dashed disabled:bg-slate-50 disabled:text-slate-500 disabled:hover:border-slate-300 dark:disabled:bg-slate-900/40 dark:disabled:text-slate-400';

const layouts = {
  row: 'flex flex-wrap gap-2',
  stack: 'grid gap-2',
  even: 'grid auto-cols-fr grid-flow-col gap-2 text-center',
} as const;

/** One choice out of a few, as a labelled group of toggle buttons (aria-pressed). */
export function ChoiceGroup<T extends string | number>({
  legend,
  choices,
  value,
  onChange,
  layout = 'row',
}: {
  legend: string;
  choices: Choice<T>[];
  value: T | null;
  onChange: (value: T) => void;
  /** 'stack': full-width rows, for choices with hints; 'even': one row of equal widths. */
  layout?: keyof typeof layouts;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className={layouts[layout]}>
        {choices.map((choice) => (
          <button
            key={choice.value}
            type="button"
            aria-pressed={choice.value === value}
            disabled={choice.disabled}
            onClick={() => onChange(choice.value)}
            className={`rounded-lg border py-2 text-sm ${layout === 'even' ? 'px-2' : 'px-3 text-left'} font-medium transition-colors ${
              choice.value === value ? pressedStyle : idleStyle
            } ${disabledStyle}`}
          >
            <span className="block">{choice.label}</span>
            {choice.hint && (
              <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">
                {choice.hint}
              </span>
            )}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
