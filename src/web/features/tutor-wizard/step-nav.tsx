import { Check } from 'lucide-react';
import type { ProfileStep, ProfileStepCode } from '../../../domain/reference/reference-defaults';
import { canOpenStep } from '../../../domain/tutors/wizard-steps';

/** The six steps in order; a step opens only when canOpenStep allows it. */
export function StepNav({
  steps,
  current,
  completed,
  onOpen,
}: {
  steps: ProfileStep[];
  current: ProfileStepCode;
  completed: ProfileStepCode[];
  onOpen: (step: ProfileStepCode) => void;
}) {
  const index = steps.findIndex((step) => step.code === current);
  return (
    <nav aria-label="Profile steps">
      <p className="mb-2 text-sm text-slate-600 md:hidden dark:text-slate-400">
        Step {index + 1} of {steps.length}
      </p>
      <ol className="relative flex gap-1 overflow-x-auto md:flex-col md:gap-1">
        {steps.map((step, position) => {
          const done = completed.includes(step.code);
          const isCurrent = step.code === current;
          const open = canOpenStep(step.code, completed, current);
          return (
            <li key={step.code} className="shrink-0">
              <button
                type="button"
                disabled={!open}
                aria-current={isCurrent ? 'step' : undefined}
                onClick={() => onOpen(step.code)}
                className={`flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm disabled:cursor-not-allowed disabled:opacity-50 ${
                  isCurrent
                    ? 'bg-indigo-50 font-semibold text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300'
                    : 'hover:bg-slate-100 dark:hover:bg-slate-800'
                }`}
              >
                <span
                  aria-hidden
                  className={`grid h-7 w-7 shrink-0 place-items-center rounded-full text-xs font-semibold ${
                    done
                      ? 'bg-emerald-600 text-white'
                      : isCurrent
                        ? 'bg-indigo-600 text-white'
                        : 'bg-slate-200 text-slate-600 dark:bg-slate-700 dark:text-slate-300'
                  }`}
                >
                  {done ? <Check className="h-4 w-4" /> : position + 1}
                </span>
                <span className={isCurrent ? '' : 'max-md:sr-only'}>
                  {step.title}
                  {done && <span className="sr-only"> (completed)</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
