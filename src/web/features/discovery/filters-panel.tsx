import { useState, type FormEvent } from 'react';
import { tutorSearchSchema, type TutorSearch } from '../../../contracts/tutors.contract';
import { PRICE_CEILING, PRICE_FLOOR, RATING_OPTIONS } from '../../../domain/tutors/tutor-search';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { TextField } from '../../components/ui/text-field';
import { DISCOVERY_MESSAGES as M } from '../../../domain/messages';
import { useReferenceData } from '../../lib/reference-data';
import type { RejectedPrice } from './search-params';

type PanelFilters = Pick<TutorSearch, 'minPrice' | 'maxPrice' | 'minRating' | 'languages'>;

// The divider sits on a wrapper: on the fieldset itself it would run through the legend.
const divider = 'border-t border-slate-200 pt-4 dark:border-slate-800';
const legend = 'mb-3 block text-sm font-semibold text-slate-900 dark:text-slate-100';

/**
 * The Filters panel (price range, minimum rating, languages). Edits stay a draft until Apply, so
 * a half-typed price never runs a search; the price rule is the API's own schema. The parent
 * remounts it (key) when the address changes, so the draft always starts from the URL; a price
 * range from the address that the search could not use starts the draft, with why.
 */
export function FiltersPanel({
  filters,
  priceRejected,
  onApply,
}: {
  filters: PanelFilters;
  priceRejected?: RejectedPrice;
  onApply: (change: PanelFilters) => void;
}) {
  const { languages } = useReferenceData();
  const [minPrice, setMinPrice] = useState(priceRejected?.minPrice ?? String(filters.minPrice));
  const [maxPrice, setMaxPrice] = useState(priceRejected?.maxPrice ?? String(filters.maxPrice));
  const [minRating, setMinRating] = useState(filters.minRating);
  const [chosen, setChosen] = useState(filters.languages);
  const [priceError, setPriceError] = useState(priceRejected?.message);
  // Until Apply, the address's unusable range is what the results ignore.
  const [searchedAllPrices, setSearchedAllPrices] = useState(priceRejected !== undefined);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const parsed = tutorSearchSchema.safeParse({
      minPrice: minPrice.trim() || PRICE_FLOOR,
      maxPrice: maxPrice.trim() || PRICE_CEILING,
    });
    if (!parsed.success) {
      setPriceError(parsed.error.issues[0]?.message);
      return;
    }
    setPriceError(undefined);
    setSearchedAllPrices(false);
    onApply({
      minPrice: parsed.data.minPrice,
      maxPrice: parsed.data.maxPrice,
      minRating,
      languages: chosen,
    });
  };
  const reset = () =>
    onApply({ minPrice: PRICE_FLOOR, maxPrice: PRICE_CEILING, minRating: 0, languages: [] });
  const toggleLanguage = (name: string) =>
    setChosen((list) => (list.includes(name) ? list.filter((l) => l !== name) : [...list, name]));

  return (
    <form onSubmit={apply} noValidate className="space-y-4" aria-label="Filters">
      <fieldset>
        <legend className={legend}>Price per hour (USD)</legend>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Min price"
            type="number"
            inputMode="numeric"
            min={PRICE_FLOOR}
            max={PRICE_CEILING}
            value={minPrice}
            onChange={(event) => setMinPrice(event.target.value)}
            aria-invalid={priceError ? true : undefined}
          />
          <TextField
            label="Max price"
            type="number"
            inputMode="numeric"
            min={PRICE_FLOOR}
            max={PRICE_CEILING}
            value={maxPrice}
            onChange={(event) => setMaxPrice(event.target.value)}
            aria-invalid={priceError ? true : undefined}
          />
        </div>
        {priceError && (
          <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
            {priceError}
            {searchedAllPrices && ` ${M.searchPriceIgnored}`}
          </p>
        )}
      </fieldset>
      <div className={divider}>
        <fieldset>
          <legend className={legend}>Minimum rating</legend>
          <div className="space-y-2">
            {[0, ...RATING_OPTIONS].map((rating) => (
              <label
                key={rating}
                className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300"
              >
                <input
                  type="radio"
                  name="minRating"
                  className="h-4 w-4 accent-indigo-600"
                  checked={minRating === rating}
                  onChange={() => setMinRating(rating)}
                />
                {rating === 0 ? 'Any rating' : `${rating.toFixed(1)} and up`}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <div className={divider}>
        <fieldset>
          <legend className={legend}>Languages</legend>
          <div className="space-y-2">
            {languages.map((language) => (
              <Checkbox
                key={language.id}
                label={language.name}
                checked={chosen.includes(language.name)}
                onChange={() => toggleLanguage(language.name)}
              />
            ))}
          </div>
        </fieldset>
      </div>
      {/* Sticky so Apply stays in reach when the panel scrolls (the side panel and the phone's
          sheet). A sticky box stops at its scroll box's padding, and both boxes pad 1rem below:
          pulled down over that padding (bottom and margin -1rem, its own pb-4 in its place), the
          bar meets the box's edge and nothing of the list shows beneath it (issue #29). */}
      <div className="sticky -bottom-4 -mb-4 flex gap-2 border-t border-slate-200 bg-white pt-4 pb-4 dark:border-slate-800 dark:bg-slate-900">
        <Button type="submit" className="flex-1">
          Apply Filters
        </Button>
        <Button variant="secondary" onClick={reset}>
          Reset
        </Button>
      </div>
    </form>
  );
}
