// Contact details in a message before the pair's first paid lesson (issue #16, Preply's rule:
// payments stay on the platform). Pure: the server masks at send time and stores the result, so
// an unmasked copy never exists. Each rule errs towards hiding a contact, and leaves alone what a
// lesson chat is full of: times (10:30), dates (2026-11-24, 24.11.2026) and prices ($45.00).

import { probeOf } from './masking-probe';

/** What a hidden contact detail reads as. */
export const MASK_PLACEHOLDER = '[hidden]';

/** Links that open a chat elsewhere (WhatsApp, Telegram, Discord, Skype, WeChat, …). */
const MESSENGER_LINK =
  /(?:https?:\/\/)?(?:www\.)?(?:wa\.me|api\.whatsapp\.com|chat\.whatsapp\.com|t\.me|telegram\.(?:me|dog)|discord\.gg|discord(?:app)?\.com\/(?:invite|users)|join\.skype\.com|u\.wechat\.com|weixin\.qq\.com|m\.me|ig\.me|signal\.me|line\.me|viber\.click)\/?[^\s]*/gi;

/** skype:name?call and the like. */
const MESSENGER_URI = /\b(?:skype|viber|tg|whatsapp|weixin):[^\s]+/gi;

const EMAIL = /[\w.+-]+@[a-z\d-]+(?:\.[a-z\d-]+)*\.[a-z]{2,}/gi;

/**
 * "name at gmail dot com", "name [at] gmail [dot] com", "name(at)mail.ru": with the words "at"
 * and "dot" any top-level domain; with a real "." only the common ones (prose has "at home.").
 */
const AT = String.raw`(?:[[({]\s*at\s*[\])}]|\sat\s|@)`;
const DOT = String.raw`(?:[[({]\s*dot\s*[\])}]|\sdot\s)`;
const OBFUSCATED_EMAIL = new RegExp(
  String.raw`[\w.+-]+\s*${AT}\s*[a-z\d-]+(?:\s*(?:${DOT}|\.)\s*[a-z\d-]+)*\s*(?:${DOT}\s*[a-z]{2,}\b|\.\s*(?:com|net|org|edu|gov|io|co|me|info|biz|ru|de|uk|fr|es|it|nl|pl|br|in|cn|jp|au|ca|ua)\b)`,
  'gi',
);

const MESSENGERS =
  'whats\\s?app|telegram|tg|skype|wechat|weixin|discord|viber|signal|instagram|insta|ig|snapchat|facebook|fb|messenger|kik|zalo|kakao(?:talk)?';

/** "WhatsApp: anything", "my skype id john", "telegram handle is jo_hn". */
const MESSENGER_NAMED = new RegExp(
  `\\b((?:${MESSENGERS})\\b(?:\\s+(?:id|handle|username|user\\s?name|name|account|number|no\\.?))*\\s*(?:is\\s*)?[:=-]\\s*|(?:${MESSENGERS})\\b\\s+(?:id|handle|username|user\\s?name|account|number)\\s+(?:is\\s+)?)(\\+?\\d[\\d ().-]{5,}\\d|@?[^\\s,;]+)`,
  'gi',
);

/** "my skype is john.smith_1", "on telegram @jo": a handle-looking word after the name. */
const MESSENGER_HANDLE = new RegExp(
  `\\b((?:${MESSENGERS})\\b\\s+(?:is\\s+|me\\s+|at\\s+|on\\s+)?)(@[\\w.]+|[\\w.-]*[\\d_.][\\w.-]*\\w)`,
  'gi',
);

/**
 * @handles anywhere (emails were hidden first), and Discord's name#1234. A handle starts with a
 * letter or _: "@5pm" is a time.
 */
const AT_HANDLE = /(?<![\w.@])@[a-z_][\w.]{1,}\w/gi;
const DISCORD_TAG = /\b(?=[\w.]*[a-z_])[\w.]{2,32}#\d{4}\b/gi;

/**
 * Numbers a phone number is not: ISO and day-first dates (not followed by more digit groups,
 * which would make them part of a longer number), times, and prices. Matched first and kept.
 */
const AMOUNT = String.raw`(?:\d{1,3}(?:,\d{3})+|\d{1,6})(?:\.\d{1,2})?(?![\d,])`;
const NOT_A_PHONE = new RegExp(
  [
    String.raw`\d{4}-\d{1,2}-\d{1,2}(?![\d]|[./-]\d)`,
    String.raw`\b\d{1,2}[./]\d{1,2}[./]\d{2,4}(?![\d]|[./-]\d)`,
    String.raw`\b\d{1,2}[.:]\d{2}\s?[-–]\s?\d{1,2}[.:]\d{2}\b`,
    String.raw`\b\d{1,2}:\d{2}(?::\d{2})?`,
    // Prices as people write them: up to six digits, or thousands grouped by commas.
    String.raw`[$€£¥₹]\s?${AMOUNT}`,
    String.raw`${AMOUNT}\s?(?:usd|eur|gbp|dollars?|euros?)\b`,
  ].join('|'),
  'gi',
);

/**
 * A date or time kept as one only if it could be one ("55/51/2345" and "55:51" are numbers in
 * disguise); prices are bounded by their pattern.
 */
function isPlausible(text: string): boolean {
  if (/^[^\d]|usd|eur|gbp|dollar|euro/i.test(text)) return true; // a price
  const parts = text.match(/\d+/g)!.map(Number);
  if (/^\d{1,2}:\d{2}(?::\d{2})?$/.test(text)) return parts[0]! <= 24 && parts[1]! <= 59;
  if (parts.length !== 3) return true; // a time range
  const [a, b, c] = parts as [number, number, number];
  const day = (d: number) => d >= 1 && d <= 31;
  const month = (m: number) => m >= 1 && m <= 12;
  if (text.length >= 8 && /^\d{4}-/.test(text)) return a >= 1900 && a <= 2100 && month(b) && day(c);
  return (day(a) && month(b)) || (month(a) && day(b));
}

/**
 * Digit groups joined by up to four separators of any kind (spaces, dashes, dots, slashes,
 * underscores, commas, emoji...), maybe with a +country code and (area). A comma and a space
 * end it: that is a list ("10, 12, 15, 18").
 */
const PHONE_SEPARATOR = String.raw`(?:(?!,\s)[^\p{L}\p{N}\n\uFFFF]){1,4}`;
const PHONE_CANDIDATE = String.raw`\+?\(?\d+\)?(?:${PHONE_SEPARATOR}\(?\d+\)?)*`;
const PHONE_MIN_DIGITS = 7;

/**
 * Whether a run of digit groups reads as a phone number: 7 digits or more, not single digits in
 * a row ("exercises 1 2 3 4 5 6 7"), and not a range of two numbers of one length going up
 * ("2019-2024", "pages 1200-1350", "1000–1500 rubles").
 */
function looksLikePhone(candidate: string): boolean {
  const groups = candidate.match(/\d+/g) ?? [];
  if (groups.join('').length < PHONE_MIN_DIGITS) return false;
  // Single digits counting up one by one are a list ("exercises 1 2 3 4 5 6 7").
  const counting = groups.every(
    (group, index) => index === 0 || Number(group) === Number(groups[index - 1]) + 1,
  );
  if (!candidate.startsWith('+') && groups.every((group) => group.length === 1) && counting)
    return false;
  const [from, to] = groups;
  const range =
    groups.length === 2 &&
    /^\d+\s?[-–]\s?\d+$/u.test(candidate) &&
    from!.length === to!.length &&
    Number(to) > Number(from);
  return !range;
}

/** Where phone numbers are in `text` ([start, end) each). */
function phoneSpans(text: string): Span[] {
  const pattern = new RegExp(`(${NOT_A_PHONE.source})|${PHONE_CANDIDATE}`, 'giu');
  const candidate = new RegExp(PHONE_CANDIDATE, 'yu');
  const spans: Span[] = [];
  let match;
  while ((match = pattern.exec(text))) {
    let found = match[0];
    if (match[1] !== undefined) {
      if (isPlausible(found)) continue;
      // A date or time that cannot be one: read from there as a number.
      candidate.lastIndex = match.index;
      found = candidate.exec(text)?.[0] ?? found;
      pattern.lastIndex = match.index + found.length;
    }
    if (looksLikePhone(found)) spans.push([match.index, match.index + found.length]);
  }
  return spans;
}

export interface MaskedText {
  text: string;
  /** Something was hidden. */
  masked: boolean;
}

type Span = [start: number, end: number];

/** The rules in order; `lead`: the match's first group names the contact and stays visible. */
const RULES: { pattern: RegExp; lead?: boolean }[] = [
  { pattern: MESSENGER_LINK },
  { pattern: MESSENGER_URI },
  { pattern: EMAIL },
  { pattern: OBFUSCATED_EMAIL },
  { pattern: MESSENGER_NAMED, lead: true },
  { pattern: MESSENGER_HANDLE, lead: true },
  { pattern: AT_HANDLE },
  { pattern: DISCORD_TAG },
];

/** Where the contacts are in the probe's text: each rule reads what earlier ones left. */
function contactSpans(probe: string): Span[] {
  const spans: Span[] = [];
  let text = probe;
  const hide = (start: number, end: number) => {
    spans.push([start, end]);
    // Blanked for the later rules with a character none of them matches.
    text = text.slice(0, start) + '\uFFFF'.repeat(end - start) + text.slice(end);
  };
  for (const { pattern, lead } of RULES) {
    for (const match of [...text.matchAll(pattern)]) {
      const start = match.index + (lead ? match[1]!.length : 0);
      hide(start, match.index + match[0].length);
    }
  }
  for (const [start, end] of phoneSpans(text)) hide(start, end);
  return spans;
}

/** The text with every email, phone number and messenger contact replaced by MASK_PLACEHOLDER. */
export function maskContacts(text: string): MaskedText {
  const probe = probeOf(text);
  // Back to the original's ranges, in order, overlapping ones merged.
  const ranges = contactSpans(probe.text)
    .filter(([start, end]) => end > start)
    .map(([start, end]): Span => [probe.from[start]!, probe.to[end - 1]!])
    .sort((a, b) => a[0] - b[0]);
  let result = '';
  let at = 0;
  for (const [start, end] of ranges) {
    if (end <= at) continue;
    if (start >= at) result += text.slice(at, start) + MASK_PLACEHOLDER;
    at = end;
  }
  result += text.slice(at);
  // A placeholder can be longer than what it hides ("tg: a"); the stored text is never more than
  // twice what was typed (the database's limit for a masked body).
  result = result.slice(0, 2 * text.length);
  return { text: result, masked: result !== text };
}
