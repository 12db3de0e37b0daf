import { Spinner } from '../components/ui/spinner';

/** While a page's code loads (a blink once prefetched): the page's background, and a spinner. */
export const PageLoading = () => (
  <div className="grid min-h-screen place-items-center">
    <Spinner />
  </div>
);
