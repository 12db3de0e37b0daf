// PostgreSQL refuses two things JSON and URLs can carry: the NUL character (in any text) and
// half of a UTF-16 surrogate pair (in jsonb; in text the driver silently turns it into U+FFFD).
// Neither is ever part of real input, so requests holding one are refused before anything reads
// them, wherever they are: a 400 instead of a database error.

/** A high surrogate with no low one after it, or a low one with no high one before it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a string can be stored and searched as it is. */
export const isStorableText = (text: string) => !text.includes('\0') && !LONE_SURROGATE.test(text);

/**
 * The dotted path of the first string (value or key) in `value` that is not storable text,
 * '' for `value` itself, or undefined when every string is.
 */
export function unstorableTextPath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (!isStorableText(key)) return itemPath;
    const found = unstorableTextPath(item, itemPath);
    if (found !== undefined) return found;
  }
  return undefined;
}
