// Contact details in a message before the pair's first paid lesson (issue #16, Preply's rule:
// payments stay on the platform). Pure: the server masks at send time and stores the result, so
// an unmasked copy never exists. Each rule errs towards hiding a contact, and leaves alone what a
// lesson chat is full of: times (10:30), dates (2026-11-24, 24.11.2026) and prices ($45.00).

/** What a hidden contact detail reads as. */
export const MASK_PLACEHOLDER = '[hidden]';

/** Links that open a chat elsewhere (WhatsApp, Telegram, Discord, Skype, WeChat, …). */
const MESSENGER_LINK =
  /(?:https?:\/\/)?(?:www\.)?(?:wa\.me|api\.whatsapp\.com|chat\.whatsapp\.com|t\.me|telegram\.(?:me|dog)|discord\.gg|discord(?:app)?\.com\/(?:invite|users)|join\.skype\.com|u\.wechat\.com|weixin\.qq\.com|m\.me|ig\.me|signal\.me|line\.me|viber\.click)\/?[^\s]*/gi;

/** skype:name?call and the like. */
const MESSENGER_URI = /\b(?:skype|viber|tg|whatsapp|weixin):[^\s]+/gi;

const EMAIL = /[\w.+-]+@[a-z\d-]+(?:\.[a-z\d-]+)*\.[a-z]{2,}/gi;

/** "name at gmail dot com", "name [at] gmail [dot] com", "name(at)mail.ru". */
const OBFUSCATED_EMAIL =
  /[\w.+-]+\s*(?:[[({]\s*at\s*[\])}]|\sat\s|@)\s*[a-z\d-]+(?:\s*(?:[[({]\s*dot\s*[\])}]|\sdot\s|\.)\s*[a-z\d-]+)*?\s*(?:[[({]\s*dot\s*[\])}]|\sdot\s|\.)\s*(?:com|net|org|edu|gov|io|co|me|info|biz|ru|de|uk|fr|es|it|nl|pl|br|in|cn|jp|au|ca|ua)\b/gi;

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
const DISCORD_TAG = /\b[\w.]{2,32}#\d{4}\b/g;

/**
 * Numbers a phone number is not: ISO and day-first dates (not followed by more digit groups,
 * which would make them part of a longer number), times, and prices. Matched first and kept.
 */
const NOT_A_PHONE =
  /\d{4}-\d{1,2}-\d{1,2}(?![\d]|[./-]\d)|\b\d{1,2}[./]\d{1,2}[./]\d{2,4}(?![\d]|[./-]\d)|\b\d{1,2}[.:]\d{2}\s?[-–]\s?\d{1,2}[.:]\d{2}\b|\b\d{1,2}:\d{2}(?::\d{2})?|[$€£¥₹]\s?\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?\s?(?:usd|eur|gbp|dollars?|euros?)\b/gi;

/**
 * Digit groups joined by a separator (a space, or a dash or dot with a space either side), maybe
 * with a +country code and (area).
 */
const PHONE_CANDIDATE = /\+?\(?\d+\)?(?:(?:\s?[-–.]\s?|\s)?\(?\d+\)?)*/g;
const PHONE_MIN_DIGITS = 7;

/**
 * Whether a run of digit groups reads as a phone number: 7 digits or more, not single digits in
 * a row ("exercises 1 2 3 4 5 6 7"), and not a range of two numbers of one length going up
 * ("2019-2024", "pages 1200-1350", "1000–1500 rubles").
 */
function looksLikePhone(candidate: string): boolean {
  const groups = candidate.match(/\d+/g) ?? [];
  if (groups.join('').length < PHONE_MIN_DIGITS) return false;
  if (!candidate.startsWith('+') && groups.every((group) => group.length === 1)) return false;
  const [from, to] = groups;
  const range =
    groups.length === 2 &&
    /^\d+\s?[-–]\s?\d+$/u.test(candidate) &&
    from!.length === to!.length &&
    Number(to) > Number(from);
  return !range;
}

function maskPhones(text: string): string {
  const pattern = new RegExp(`(${NOT_A_PHONE.source})|${PHONE_CANDIDATE.source}`, 'gi');
  return text.replace(pattern, (match, kept: string | undefined) => {
    if (kept !== undefined) return match;
    return looksLikePhone(match) ? MASK_PLACEHOLDER : match;
  });
}

export interface MaskedText {
  text: string;
  /** Something was hidden. */
  masked: boolean;
}

/** The text with every email, phone number and messenger contact replaced by MASK_PLACEHOLDER. */
export function maskContacts(text: string): MaskedText {
  let result = text
    .replace(MESSENGER_LINK, MASK_PLACEHOLDER)
    .replace(MESSENGER_URI, MASK_PLACEHOLDER)
    .replace(EMAIL, MASK_PLACEHOLDER)
    .replace(OBFUSCATED_EMAIL, MASK_PLACEHOLDER)
    .replace(MESSENGER_NAMED, (_, lead: string) => `${lead}${MASK_PLACEHOLDER}`)
    .replace(MESSENGER_HANDLE, (_, lead: string) => `${lead}${MASK_PLACEHOLDER}`)
    .replace(AT_HANDLE, MASK_PLACEHOLDER)
    .replace(DISCORD_TAG, MASK_PLACEHOLDER);
  result = maskPhones(result);
  // A placeholder can be longer than what it hides ("tg: a"); the stored text is never more than
  // twice what was typed (the database's limit for a masked body).
  result = result.slice(0, 2 * text.length);
  return { text: result, masked: result !== text };
}
