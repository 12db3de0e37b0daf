import { useSearchParams } from 'react-router';

/**
 * The 1-based page of a paged list, kept in the address (?page=2) so that Back and a shared
 * link return to it; anything that is not a whole number from 1 reads as page 1.
 */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const read = Number(params.get('page'));
  const page = Number.isInteger(read) && read >= 1 ? read : 1;
  const setPage = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next <= 1) updated.delete('page');
      else updated.set('page', String(next));
      return updated;
    });
  return [page, setPage];
}
