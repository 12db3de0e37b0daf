// Lesson notes are rich text (HTML from the editor), cleaned on the server before storing.

/** Stored HTML at most (the database checks the same bound). */
export const MAX_NOTES_HTML_LENGTH = 20_000;
/** The spec's notes preview: the first 40 characters of the text. */
const NOTES_PREVIEW_LENGTH = 40;

/** The text of notes HTML, for a preview: tags out, entities read, spaces collapsed. */
export function notesText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h\d|\/blockquote)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first 40 characters of the notes' text, with an ellipsis when cut. */
export function notesPreview(html: string): string {
  const text = notesText(html);
  return text.length > NOTES_PREVIEW_LENGTH
    ? `${text.slice(0, NOTES_PREVIEW_LENGTH).trimEnd()}…`
    : text;
}
