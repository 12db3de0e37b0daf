import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

// The sidebar's search box (spec 3: students', tutors' and admins' sidebars each have one): it
// lands on the page that lists what is searched, the words in its address (`?q=`), so the
// page's own search field, Back and a shared link all agree.

interface SidebarSearchProps {
  label: string;
  placeholder: string;
  /** The page that lists the results. */
  to: string;
  /** Closes the mobile drawer once the search is sent. */
  onNavigate?: () => void;
}

export function SidebarSearch({ label, placeholder, to, onNavigate }: SidebarSearchProps) {
  const [query, setQuery] = useState('');
  const navigate = useNavigate();
  // The box shows twice on a phone (sidebar and drawer): ids of its own each time.
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    navigate(q ? `${to}?${new URLSearchParams({ q })}` : to);
    onNavigate?.();
  };

  return (
    <form role="search" onSubmit={submit} className="relative">
      <label htmlFor={`${id}-search`} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
      />
      <input
        id={`${id}-search`}
        type="search"
        value={query}
        maxLength={100}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={placeholder}
        className="w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm dark:border-slate-700 dark:bg-slate-950"
      />
    </form>
  );
}
