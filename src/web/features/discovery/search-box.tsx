import { Search } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MAX_SUGGESTIONS } from '../../../domain/tutors/tutor-search';
import { useSuggestions } from './discovery-api';

/** Waits until typing pauses, so suggestions are not asked for on every key. */
function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Arrow keys cycle through the options and back to the typed text (-1). */
function nextActive(index: number, step: number, count: number): number {
  const positions = count + 1;
  return ((index + 1 + step + positions) % positions) - 1;
}

/**
 * The search box: a combobox (ARIA 1.2) whose list shows up to 8 suggestions, the popular
 * searches that find someone while it is empty; arrows move, Enter picks or searches, Escape
 * closes.
 */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const typed = useDebounced(text.trim(), 200);
  // For an empty box the server's popular searches: only those some tutor teaches.
  const remote = useSuggestions(typed, open);
  const suggestions = (remote.data ?? []).slice(0, MAX_SUGGESTIONS);

  // The address changed (Back, a chip, Clear): show what is searched.
  useEffect(() => setText(value), [value]);
  useEffect(() => setActive(-1), [typed]);

  const choose = (q: string) => {
    setText(q);
    setOpen(false);
    setActive(-1);
    onSearch(q.trim());
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    choose(active >= 0 && open ? (suggestions[active] ?? text) : text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => nextActive(index, step, suggestions.length));
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };
  const showList = open && suggestions.length > 0;

  return (
    <form role="search" onSubmit={onSubmit} className="relative flex-1">
      <label htmlFor={`${listId}-input`} className="sr-only">
        Search tutors
      </label>
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-slate-400"
      />
      <input
        id={`${listId}-input`}
        type="search"
        role="combobox"
        autoComplete="off"
        maxLength={100}
        placeholder="Search by subject, tutor name or keyword"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="block w-full rounded-xl border border-slate-300 bg-white py-3 pr-3 pl-10 text-sm text-slate-900 placeholder:text-slate-400 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      />
      {showList && (
        <ul
          id={listId}
          role="listbox"
          aria-label={typed ? 'Suggestions' : 'Popular searches'}
          className="absolute z-20 mt-1 w-full overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {!typed && (
            <li
              role="presentation"
              className="px-3 pt-1 pb-1 text-xs font-semibold text-slate-500 uppercase dark:text-slate-400"
            >
              Popular searches
            </li>
          )}
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              // mousedown, not click: the input's blur would close the list first.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(suggestion);
              }}
              onMouseEnter={() => setActive(index)}
              className={`cursor-pointer px-3 py-2 text-sm ${
                index === active
                  ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200'
                  : 'text-slate-700 dark:text-slate-200'
              }`}
            >
              {suggestion}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
