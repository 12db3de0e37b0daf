import { ChevronDown, Globe, Search } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { timeZoneChoices } from '../../../domain/availability/time-zones';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { runtimeTimeZones } from '../../lib/account-zone';
import { zoneLabel } from '../../lib/lesson-time';
import { focusOnMount } from '../../lib/focus-on-mount';

const readable = (zone: string) => zone.replaceAll('_', ' ');

/** The zone list filtered by a search: common zones first, then every other. */
function useZoneGroups(value: string, search: string) {
  const choices = useMemo(() => timeZoneChoices(runtimeTimeZones(), value), [value]);
  const words = search.trim().toLowerCase().replaceAll('_', ' ');
  const matches = (zone: string) => readable(zone).toLowerCase().includes(words);
  const groups = [
    { label: 'Common timezones', zones: choices.common.filter(matches) },
    { label: 'All timezones', zones: choices.others.filter(matches) },
  ].filter((group) => group.zones.length > 0);
  return { groups, flat: groups.flatMap((group) => group.zones) };
}

/**
 * The timezone picker of the booking modal: a button showing the zone, which opens a search
 * box over the list (an ARIA 1.2 combobox: arrows move, Enter picks, Escape closes the list
 * without closing the modal around it).
 */
export function TimezonePicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (zone: string) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { groups, flat } = useZoneGroups(value, search);
  const optionId = (index: number) => `${id}-zone-${index}`;

  useEffect(() => {
    if (open) document.getElementById(`${id}-zone-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active, id]);

  const close = () => {
    setOpen(false);
    setSearch('');
    toggleRef.current?.focus();
  };
  const choose = (zone: string) => {
    if (zone !== value) onChange(zone);
    close();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const last = flat.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(active + 1, last),
      ArrowUp: Math.max(active - 1, 0),
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]!);
    } else if (event.key === 'Enter' && flat[active]) {
      event.preventDefault();
      choose(flat[active]);
    } else if (event.key === 'Escape') {
      // The modal would close on this Escape: only the list should.
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  return (
    <div>
      <span id={`${id}-label`} className="mb-1 block text-sm font-semibold">
        Timezone
      </span>
      <button
        ref={toggleRef}
        id={`${id}-toggle`}
        type="button"
        aria-labelledby={`${id}-label ${id}-toggle`}
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        onClick={() => {
          if (open) return close();
          setActive(Math.max(0, flat.indexOf(value)));
          setOpen(true);
        }}
        className="flex w-full items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-left text-sm dark:border-slate-700 dark:bg-slate-900"
      >
        <Globe aria-hidden className="h-4 w-4 shrink-0 text-slate-500 dark:text-slate-400" />
        <span className="min-w-0 flex-1 truncate">{zoneLabel(value)}</span>
        <ChevronDown aria-hidden className="h-4 w-4 shrink-0" />
      </button>
      {open && (
        <div
          id={`${id}-panel`}
          className="mt-2 rounded-lg border border-slate-200 bg-white p-2 shadow-sm dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="relative">
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-2.5 h-4 w-4 -translate-y-1/2 text-slate-400"
            />
            <input
              type="text"
              role="combobox"
              aria-label="Search timezones"
              aria-autocomplete="list"
              aria-expanded={flat.length > 0}
              aria-controls={`${id}-list`}
              aria-activedescendant={flat[active] ? optionId(active) : undefined}
              autoComplete="off"
              ref={focusOnMount}
              placeholder={M.searchTimezones}
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
              className="block w-full rounded-md border border-slate-300 bg-white py-2 pr-2 pl-8 text-sm placeholder:text-slate-500 dark:border-slate-700 dark:bg-slate-950 dark:placeholder:text-slate-400"
            />
          </div>
          {flat.length === 0 ? (
            <p role="status" className="px-2 py-3 text-sm text-slate-600 dark:text-slate-300">
              {M.noTimezones}
            </p>
          ) : (
            <ZoneList
              id={`${id}-list`}
              groups={groups}
              value={value}
              active={active}
              optionId={optionId}
              onHover={setActive}
              onChoose={choose}
            />
          )}
        </div>
      )}
    </div>
  );
}

function ZoneList({
  id,
  groups,
  value,
  active,
  optionId,
  onHover,
  onChoose,
}: {
  id: string;
  groups: { label: string; zones: string[] }[];
  value: string;
  active: number;
  optionId: (index: number) => string;
  onHover: (index: number) => void;
  onChoose: (zone: string) => void;
}) {
  return (
    // The scroller is the listbox itself; the search box drives it, so it takes no tab stop.
    <div
      id={id}
      role="listbox"
      aria-label="Timezones"
      tabIndex={-1}
      className="mt-2 max-h-56 overflow-y-auto"
    >
      {groups.map((group, groupIndex) => (
        <div key={group.label} role="group" aria-labelledby={`${id}-group-${groupIndex}`}>
          <div
            id={`${id}-group-${groupIndex}`}
            role="presentation"
            className="px-2 pt-2 pb-1 text-xs font-semibold text-slate-600 dark:text-slate-300"
          >
            {group.label}
          </div>
          {group.zones.map((zone, zoneIndex) => {
            // Options are numbered across groups, as the search box counts them.
            const index = (groupIndex === 0 ? 0 : (groups[0]?.zones.length ?? 0)) + zoneIndex;
            return (
              <div
                key={zone}
                id={optionId(index)}
                role="option"
                aria-selected={zone === value}
                // mousedown, not click: the search box keeps focus until the choice is made.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onChoose(zone)}
                onMouseEnter={() => onHover(index)}
                className={`cursor-pointer rounded-md px-2 py-1.5 text-sm ${
                  index === active
                    ? 'bg-indigo-50 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-100'
                    : ''
                } ${zone === value ? 'font-semibold' : ''}`}
              >
                {readable(zone)}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
