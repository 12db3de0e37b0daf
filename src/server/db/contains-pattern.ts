/**
 * A LIKE pattern matching any text that contains `text`, compared in lower case (match it
 * against `lower(column)`): its % and _ are plain characters, escaped with PostgreSQL's default
 * backslash.
 */
export function containsPattern(text: string) {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
