import sanitizeHtml from 'sanitize-html';
import { signFileUrl } from '../../adapters/storage/signed-url';
import { escapeHtml } from '../../http/escape-html';

// Lesson notes arrive as HTML from the rich-text editor. They are cleaned to a small allowlist
// before storing, so what a tutor's browser renders is never script, styles or foreign images.
// Images may only be our own stored files; they are stored as unsigned '/api/files/<path>' and
// signed afresh whenever notes are read, so links never expire inside saved notes.

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** Only the names the server gives note images: '<owner>/lessons/<lesson>/<random>.jpg'. */
const NOTE_IMAGE_PATH = `${UUID}/lessons/${UUID}/${UUID}\\.jpg`;
const FILE_URL = new RegExp(`^/api/files/(${NOTE_IMAGE_PATH})(?:\\?.*)?$`);
const STORED_IMAGE = new RegExp(`<img src="/api/files/(${NOTE_IMAGE_PATH})"`, 'g');

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    'u',
    's',
    'h2',
    'h3',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'a',
    'img',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt'] },
  allowedSchemesByTag: { a: ['http', 'https', 'mailto'], img: [] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !FILE_URL.test(frame.attribs.src ?? ''),
};

/** The notes as stored: allowlisted markup only, our images only, their links unsigned. */
export function cleanNotesHtml(html: string): string {
  const clean = sanitizeHtml(html, {
    ...ALLOWED,
    transformTags: {
      ...ALLOWED.transformTags,
      img: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, src: `/api/files/${FILE_URL.exec(attribs.src ?? '')?.[1] ?? ''}` },
      }),
    },
  });
  // An editor's empty document is '<p></p>': no notes.
  return clean.replace(/^(<p>\s*<\/p>)+$/, '');
}

/** Stored notes with each image link signed for the reader, as of `now`. */
export function signNotesImages(html: string, secret: string, now: Date): string {
  if (!html.includes('<img')) return html;
  return html.replace(
    STORED_IMAGE,
    (_, path: string) => `<img src="${signFileUrl(secret, path, now)}"`,
  );
}

/** Plain text (the booking form's note to the tutor) as notes HTML: escaped, a paragraph a line. */
export function plainTextToNotesHtml(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}
