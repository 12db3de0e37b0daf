import type { PackageOffer } from '../../../contracts/packages.contract';
import { formatMoney } from '../../../domain/money';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { ChoicesFailed, NoChoices } from '../../components/slot-picker/choice-states';
import { pressedStyle, idleStyle } from './choice-group';

type OffersState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; offers: PackageOffer[] };

/**
 * Package mode's list: each package's name, lessons, discount, validity and total price (as the
 * server priced it for the chosen subject and length), one to pick; or why there is none.
 */
export function PackageList({
  state,
  selected,
  onSelect,
  onRetry,
}: {
  state: OffersState;
  selected: string | null;
  onSelect: (packageId: string) => void;
  onRetry: () => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{M.packagesLegend}</legend>
      {state.status === 'loading' ? (
        <div role="status" aria-busy="true" className="grid animate-pulse gap-2">
          <span className="sr-only">{M.loadingPackages}</span>
          {[0, 1].map((row) => (
            <div key={row} className="h-16 rounded-lg bg-slate-100 dark:bg-slate-800" />
          ))}
        </div>
      ) : state.status === 'error' ? (
        <ChoicesFailed message={M.loadPackagesFailed} onRetry={onRetry} />
      ) : state.offers.length === 0 ? (
        <NoChoices>{M.noPackages}</NoChoices>
      ) : (
        <div className="grid gap-2">
          {state.offers.map((offer) => (
            <OfferButton
              key={offer.id}
              offer={offer}
              pressed={offer.id === selected}
              onSelect={() => onSelect(offer.id)}
            />
          ))}
          <p className="text-xs text-slate-600 dark:text-slate-400">{M.packageFirstLesson}</p>
        </div>
      )}
    </fieldset>
  );
}

function OfferButton({
  offer,
  pressed,
  onSelect,
}: {
  offer: PackageOffer;
  pressed: boolean;
  onSelect: () => void;
}) {
  const facts = [
    M.packageLessons(offer.numberOfLessons),
    offer.discountPercentage > 0 ? M.packageDiscount(offer.discountPercentage) : null,
    M.packageValidity(offer.validityDays),
  ].filter((fact) => fact !== null);
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onSelect}
      data-package-id={offer.id}
      className={`rounded-lg border px-3 py-2 text-left text-sm transition-colors ${
        pressed ? pressedStyle : idleStyle
      }`}
    >
      <span className="flex items-baseline justify-between gap-3">
        <span className="font-semibold">{offer.name}</span>
        <span className="font-semibold whitespace-nowrap">
          {formatMoney(offer.totalPriceCents, offer.currency)}
        </span>
      </span>
      <span className="block text-xs text-slate-600 dark:text-slate-300">{facts.join(' · ')}</span>
      {offer.description && (
        <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-300">
          {offer.description}
        </span>
      )}
    </button>
  );
}
