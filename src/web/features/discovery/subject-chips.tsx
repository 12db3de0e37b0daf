import { useReferenceData } from '../../lib/reference-data';

/** Subject chips: each toggles that subject in the search (several may be chosen). */
export function SubjectChips({
  selected,
  onChange,
}: {
  selected: string[];
  onChange: (subjects: string[]) => void;
}) {
  const { subjects } = useReferenceData();
  const toggle = (name: string) =>
    onChange(selected.includes(name) ? selected.filter((s) => s !== name) : [...selected, name]);
  return (
    // One scrolling row on a phone, wrapped rows from the tablet breakpoint up. The phone's row
    // keeps its height while the subjects load, so the results below do not jump down.
    <div
      role="group"
      aria-label="Subjects"
      className="-mx-4 flex min-h-[2.375rem] gap-2 overflow-x-auto px-4 pb-1 md:mx-0 md:min-h-0 md:flex-wrap md:overflow-visible md:px-0"
    >
      {subjects.map(({ id, name }) => {
        const on = selected.includes(name);
        return (
          <button
            key={id}
            type="button"
            aria-pressed={on}
            onClick={() => toggle(name)}
            className={`shrink-0 rounded-full border px-3 py-1.5 text-sm font-medium transition-colors ${
              on
                ? 'border-indigo-600 bg-indigo-600 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:border-indigo-400 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:border-indigo-500'
            }`}
          >
            {name}
          </button>
        );
      })}
    </div>
  );
}
