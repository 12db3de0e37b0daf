// The server writes a few HTML pages and fragments itself (the built-in checkout, the dev
// mailbox, notes made from plain text). Every text it puts into them goes through this one
// escape, so a name, a description or a line someone typed can never become markup.

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe inside an element or a quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
