// What the masking rules read: the message as a reader sees it, not as it is encoded. People
// who want to pass a contact disguise it in ways the eye reads through: invisible characters
// inside it, digits of other scripts, look-alike letters, letters spaced apart. The probe undoes
// those, and remembers where each of its characters came from, so a contact found in it is
// hidden in the original text and everything else is stored exactly as typed.

export interface Probe {
  /** The normalised text the rules run on. */
  text: string;
  /** For each UTF-16 unit of `text`: the original's range it came from ([start, end)). */
  from: number[];
  to: number[];
}

/** Invisible: format characters (zero-width space and joiners, soft hyphen, bidi marks) and variation selectors. */
const INVISIBLE = /^[\p{Cf}\uFE00-\uFE0F]$/u;
const DECIMAL_DIGIT = /^\p{Nd}$/u;

/**
 * Letters that look like Latin ones (Cyrillic, Greek and a few more), folded for matching only:
 * "gmаil" with a Cyrillic а reads as gmail. Unicode's confusables list is far longer; these are
 * the ones that make an address or a messenger's name readable.
 */
const LOOK_ALIKES: Record<string, string> = Object.fromEntries(
  [
    ['аa', 'Аa', 'вb', 'ВB', 'сc', 'Сc', 'ԁd', 'еe', 'Еe', 'ёe', 'һh', 'Нh', 'іi', 'Іi', 'јj'],
    ['кk', 'Кk', 'мm', 'Мm', 'оo', 'Оo', 'рp', 'Рp', 'ԛq', 'ѕs', 'Ѕs', 'тt', 'Тt', 'уy', 'Уy'],
    ['хx', 'Хx', 'ԝw', 'ɡg', 'ıi', 'ℓl', 'αa', 'Αa', 'βb', 'Βb', 'εe', 'Εe', 'ηn', 'ιi', 'Ιi'],
    ['κk', 'Κk', 'νv', 'οo', 'Οo', 'ρp', 'Ρp', 'τt', 'Τt', 'υu', 'χx', 'Χx', 'Ζz', 'ωw'],
  ]
    .flat()
    .map((pair) => [pair[0]!, pair[1]!]),
);

/** A decimal digit of any script as its ASCII digit (Unicode keeps each script's 0-9 in a row). */
function asciiDigit(char: string): string | undefined {
  if (!DECIMAL_DIGIT.test(char)) return undefined;
  const code = char.codePointAt(0)!;
  let zero = code;
  // Several sets of digits may sit side by side (mathematical digits): count within tens.
  while (DECIMAL_DIGIT.test(String.fromCodePoint(zero - 1))) zero -= 1;
  return String((code - zero) % 10);
}

/** Single characters spaced apart ("j o h n @ g m a i l . c o m"), four or more. */
const SPACED_SINGLES = /(?<!\S)\S(?:[ \t]+\S(?!\S)){3,}/gu;

/** The probe of `original`: NFKC, invisible characters dropped, digits ASCII, look-alikes folded, spaced letters joined. */
export function probeOf(original: string): Probe {
  const units: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  let index = 0;
  for (const char of original) {
    const start = index;
    index += char.length;
    if (INVISIBLE.test(char)) continue;
    for (const part of char.normalize('NFKC')) {
      const folded = asciiDigit(part) ?? LOOK_ALIKES[part] ?? part;
      for (const unit of folded.split('')) {
        units.push(unit);
        from.push(start);
        to.push(index);
      }
    }
  }
  return joinSpacedSingles({ text: units.join(''), from, to });
}

/**
 * Drops the spaces inside runs of spaced single characters that hold something besides digits
 * (a run of digits alone is left to the phone rule, which tells "1 2 3 4 5 6 7" from a number).
 */
function joinSpacedSingles(probe: Probe): Probe {
  const drop = new Set<number>();
  for (const match of probe.text.matchAll(SPACED_SINGLES)) {
    if (/^[\d\s]+$/.test(match[0])) continue;
    for (let offset = 0; offset < match[0].length; offset++)
      if (/[ \t]/.test(match[0][offset]!)) drop.add(match.index + offset);
  }
  if (drop.size === 0) return probe;
  const keep = (_: unknown, unit: number) => !drop.has(unit);
  return {
    text: probe.text.split('').filter(keep).join(''),
    from: probe.from.filter(keep),
    to: probe.to.filter(keep),
  };
}
