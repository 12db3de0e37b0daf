import type sanitizeHtml from 'sanitize-html';
import { signFileUrl } from '../../adapters/storage/signed-url';
import { escapeHtml } from '../../http/escape-html';

// Lesson notes arrive as HTML from the rich-text editor. They are cleaned to a small allowlist
// before storing, so what a tutor's browser renders is never script, styles or foreign images.
// Images may only be the pictures the notes' writer stored for that lesson; they are stored as
// unsigned '/api/files/<path>' and signed afresh whenever notes are read, so links never expire
// inside saved notes. Anyone else's picture path, even a known one, is never signed for them.

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** Only the names the server gives note images: '<owner>/lessons/<lesson>/<random>.jpg'. */
const NOTE_IMAGE_PATH = `${UUID}/lessons/${UUID}/${UUID}\\.jpg`;
const FILE_URL = new RegExp(`^/api/files/(${NOTE_IMAGE_PATH})(?:\\?.*)?$`);
const STORED_IMAGE = new RegExp(`<img src="/api/files/(${NOTE_IMAGE_PATH})"`, 'g');

/** Whose notes on which lesson: only the pictures that writer stored for that lesson count. */
export interface NotesOwner {
  writerId: string;
  lessonId: string;
}

/** The folder, under the writer's own, where a lesson's note pictures are stored. */
export const noteImagesFolder = (lessonId: string) => `lessons/${lessonId}`;

const isOwnImage = (path: string, { writerId, lessonId }: NotesOwner) =>
  path.startsWith(`${writerId}/${noteImagesFolder(lessonId)}/`);

/** The stored path of an image link in notes, if it is one of the owner's pictures. */
function ownImagePath(src: string, owner: NotesOwner): string | undefined {
  const path = FILE_URL.exec(src)?.[1];
  return path && isOwnImage(path, owner) ? path : undefined;
}

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
};

/**
 * The notes as stored: allowlisted markup only, the owner's pictures only, links unsigned.
 * The sanitizer (and the CSS parser it brings, ~3 MB) loads on the first notes saved (ADR 042).
 */
export async function cleanNotesHtml(html: string, owner: NotesOwner): Promise<string> {
  const { default: sanitize } = await import('sanitize-html');
  const clean = sanitize(html, {
    ...ALLOWED,
    transformTags: {
      ...ALLOWED.transformTags,
      img: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, src: `/api/files/${ownImagePath(attribs.src ?? '', owner) ?? ''}` },
      }),
    },
    exclusiveFilter: (frame) =>
      frame.tag === 'img' && !ownImagePath(frame.attribs.src ?? '', owner),
  });
  // An editor's empty document is '<p></p>': no notes.
  return clean.replace(/^(<p>\s*<\/p>)+$/, '');
}

/**
 * Stored notes with each of the owner's image links signed for the reader, as of `now`. Any
 * other picture (in notes saved before pictures were checked at saving) stays unsigned, so it
 * does not load.
 */
export function signNotesImages(
  html: string,
  owner: NotesOwner,
  secret: string,
  now: Date,
): string {
  if (!html.includes('<img')) return html;
  return html.replace(STORED_IMAGE, (tag, path: string) =>
    isOwnImage(path, owner) ? `<img src="${signFileUrl(secret, path, now)}"` : tag,
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
