import { ChevronLeft, ChevronRight } from 'lucide-react';
import { paginationItems } from '../../../domain/tutors/tutor-search';

const pageButton =
  'inline-flex h-9 min-w-8 items-center justify-center rounded-lg px-1.5 text-sm font-medium disabled:opacity-40 sm:min-w-9 sm:px-2';

/** Page links: all pages when 7 or fewer, otherwise first, last and neighbours with gaps. */
export function Pagination({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  const idle = 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-center gap-0.5 sm:gap-1"
    >
      <button
        type="button"
        className={`${pageButton} ${idle}`}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label="Previous page"
      >
        <ChevronLeft aria-hidden className="h-4 w-4" />
      </button>
      {paginationItems(page, totalPages).map((item, index) =>
        item === 'gap' ? (
          <span key={`gap-${index}`} aria-hidden className="px-1 text-slate-400">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            aria-label={`Page ${item}`}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => onPage(item)}
            className={`${pageButton} ${
              item === page ? 'bg-indigo-600 text-white hover:bg-indigo-600' : idle
            }`}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className={`${pageButton} ${idle}`}
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
        aria-label="Next page"
      >
        <ChevronRight aria-hidden className="h-4 w-4" />
      </button>
    </nav>
  );
}
