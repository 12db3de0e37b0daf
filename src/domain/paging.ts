// Numbered pages over a list whose length is known: which page is shown and which rows it holds.

/**
 * The page asked for, moved back to the last one when it lies past it (the list got shorter
 * while the user paged; an empty list has one empty page), and the rows to read for it.
 */
export function pageWindow(requested: number, total: number, pageSize: number) {
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(requested, totalPages);
  return { page, totalPages, rows: rowsOfPage(page, pageSize) };
}

/** The rows of a 1-based page. */
export const rowsOfPage = (page: number, pageSize: number) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

/**
 * For a list whose rows and count come from one read: reads the page asked for and, when it lies
 * past the last (the list got shorter while the user paged), the last page instead.
 */
export async function readPageWindow<T extends { total: number }>(
  requested: number,
  pageSize: number,
  read: (rows: { limit: number; offset: number }) => Promise<T>,
) {
  const first = await read(rowsOfPage(requested, pageSize));
  const { page, totalPages, rows } = pageWindow(requested, first.total, pageSize);
  return { ...(page === requested ? first : await read(rows)), page, totalPages };
}

/** The page after `page` when rows remain after it (a list loaded page by page), else null. */
export const nextPageOf = (page: number, pageSize: number, total: number) =>
  page * pageSize < total ? page + 1 : null;
