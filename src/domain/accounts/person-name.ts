// People's names, one rule for every form and the server (sign-up, settings, anywhere a name is
// typed): letters of any script with their marks, joined inside the name by one apostrophe
// (' or ’), hyphen or space, so O'Brien, Mary-Jane, José, Zoë and Nguyễn Văn are names and
// 'Ada1', "'Ada" or 'Ada--Lovelace' are not.

const NAME = /^[\p{L}\p{M}]+(?:['’ -][\p{L}\p{M}]+)*$/u;
/** Where a new part of a name starts: after a space, hyphen or apostrophe. */
const PART_START = /(^|['’ -])([\p{L}\p{M}])/gu;

/** The typed name as it is checked and saved: composed characters (NFC), outer spaces trimmed. */
export function normaliseName(name: string): string {
  return name.normalize('NFC').trim();
}

export function isPersonName(name: string): boolean {
  return NAME.test(normaliseName(name));
}

/**
 * 'mARY-jANE o’brien' -> 'Mary-Jane O’Brien': each part of the name saved with the first letter
 * upper case and the rest lower case (the spec's rule, per part so double names keep theirs).
 */
export function capitaliseName(name: string): string {
  return normaliseName(name)
    .toLocaleLowerCase()
    .replace(PART_START, (_, start: string, letter: string) => start + letter.toLocaleUpperCase());
}
