// Links in a message (issue #16): a message is plain text, and only http(s) addresses become
// links. Anything else (javascript:, data:, mailto:) stays text, so a message cannot run code.

export type MessagePart =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** http(s)://… or www.…, up to the first space or angle bracket or quote. */
const CANDIDATE = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;

/** Punctuation that ends a sentence rather than the address ('see https://a.com.'). */
const TRAILING = /[.,;:!?'"*_~]+$/;

/** Drops what follows the address: trailing punctuation and a ')' with no '(' before it. */
function trim(candidate: string): string {
  let text = candidate.replace(TRAILING, '');
  while (text.endsWith(')') && countOf(text, '(') < countOf(text, ')')) {
    text = text.slice(0, -1).replace(TRAILING, '');
  }
  return text;
}

const countOf = (text: string, char: string) => text.split(char).length - 1;

/** The address a candidate opens, or null when it is not a valid http(s) URL. */
function hrefOf(text: string): string | null {
  const withScheme = /^www\./i.test(text) ? `https://${text}` : text;
  try {
    const url = new URL(withScheme);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.')
      ? url.href
      : null;
  } catch {
    return null;
  }
}

/** The message's text cut into plain runs and http(s) links, in order; joined, they are the text. */
export function linkify(body: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let plain = '';
  let last = 0;
  for (const match of body.matchAll(CANDIDATE)) {
    const text = trim(match[0]);
    const href = text ? hrefOf(text) : null;
    if (!href) continue;
    plain += body.slice(last, match.index);
    if (plain) parts.push({ kind: 'text', text: plain });
    plain = '';
    parts.push({ kind: 'link', text, href });
    last = match.index + text.length;
  }
  plain += body.slice(last);
  if (plain) parts.push({ kind: 'text', text: plain });
  return parts;
}

/** What a link in a message carries: a new tab that cannot reach back, and no endorsement. */
export const MESSAGE_LINK_REL = 'noopener noreferrer nofollow';
