// Every text box with a limit counts the same way (issue #29): "used/max" under the box, right
// aligned and small; amber from `warnFrom` on, red past the limit.

/** '120/2000' under a text box, in the one look every counter in the app has. */
export function CharacterCount({
  used,
  max,
  warnFrom = max,
  suffix,
  id,
}: {
  used: number;
  max: number;
  /** From this count on the counter warns (the bio's 900 of 1000); at the limit by default. */
  warnFrom?: number;
  /** Words after the count ("characters (at least 100)"). */
  suffix?: string;
  id?: string;
}) {
  const tone =
    used > max
      ? 'font-semibold text-red-600 dark:text-red-400'
      : used > warnFrom
        ? 'font-semibold text-amber-700 dark:text-amber-400'
        : 'text-slate-600 dark:text-slate-400';
  return (
    <p id={id} data-counter className={`mt-1 text-right text-xs ${tone}`}>
      {used}/{max}
      {suffix && ` ${suffix}`}
    </p>
  );
}
