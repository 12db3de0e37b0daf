import { describe, expect, it } from 'vitest';
import { MASK_PLACEHOLDER as H, maskContacts } from './masking';

// The adversarial corpus (issue #31): 59 ways people tried to pass a contact before a first paid
// lesson, each of which got through, and the ordinary messages that look like them and must
// stay as typed. Zero-width characters are written as escapes so the file shows them.

const ZWSP = '\u200B';
const ZWJ = '\u200D';
const SOFT = '\u00AD';
const WJ = '\u2060';

const BYPASSES: [kind: string, text: string, expected: string][] = [
  // Spaced letters and digits.
  ['spaced email', 'j o h n @ g m a i l . c o m', H],
  ['spaced email in a sentence', 'write me: a n n a @ m a i l . r u ok?', `write me: ${H} ok?`],
  ['spaced digits', '5 5 5 1 2 3 4 5 6 7', H],
  ['spaced digits with a plus', '+ 4 4 7 9 4 6 0 9 5 8 1 2', H],
  ['double-spaced digits', '5  5  5  1  2  3  4  5  6  7', H],
  ['spaced digits, descending', 'call 9 8 7 6 5 4 3 2 1 0', `call ${H}`],
  // Digits of other scripts.
  ['fullwidth digits', 'call ５５５１２３４５６７', `call ${H}`],
  ['Arabic-Indic digits', 'رقمي ٠٥٥٥١٢٣٤٥٦٧', `رقمي ${H}`],
  ['Eastern Arabic-Indic digits', 'شماره ۰۹۱۲۳۴۵۶۷۸۹', `شماره ${H}`],
  ['Devanagari digits', 'फ़ोन ९८७६५४३२१०', `फ़ोन ${H}`],
  ['Bengali digits', 'ফোন ০১৭১২৩৪৫৬৭৮', `ফোন ${H}`],
  ['mathematical bold digits', '𝟓𝟓𝟓𝟏𝟐𝟑𝟒𝟓𝟔𝟕', H],
  ['mixed scripts', '555 १२३ ٤٥٦٧', H],
  // Invisible characters inside addresses and numbers.
  ['zero-width space in an email', `anna${ZWSP}@gmail.com`, H],
  ['zero-width space in the domain', `anna@gm${ZWSP}ail.com`, H],
  ['soft hyphen in an email', `an${SOFT}na@gmail${SOFT}.com`, H],
  ['zero-width joiner in a number', `555${ZWJ}123${ZWJ}4567`, H],
  ['zero-width spaces between digits', `5${ZWSP}5${ZWSP}5${ZWSP}1${ZWSP}2${ZWSP}3${ZWSP}4567`, H],
  ['soft hyphens in a number', `555${SOFT}123${SOFT}4567`, H],
  ['word joiner in a messenger link', `t.me/${WJ}annalee`, H],
  ['zero-width space in a messenger name', `tele${ZWSP}gram: annalee`, `tele${ZWSP}gram: ${H}`],
  // Look-alikes.
  ['fullwidth at', 'anna＠gmail.com', H],
  ['small commercial at', 'anna﹫gmail.com', H],
  ['Cyrillic a in gmail', 'anna@gmаil.com', H],
  ['Cyrillic o in the domain', 'anna@yahоo.com', H],
  ['Greek omicron in .com', 'anna@gmail.cοm', H],
  ['fullwidth letters', 'ａｎｎａ＠ｇｍａｉｌ．ｃｏｍ', H],
  ['fullwidth dot', 'anna@gmail．com', H],
  ['Cyrillic in a messenger name', 'telеgram: annalee', `telеgram: ${H}`],
  // "at" and "dot" with any top-level domain.
  ['at/dot, a long TLD', 'anna at example dot academy', H],
  ['at/dot, a country TLD', 'anna at mail dot kz', H],
  ['bracketed at/dot, new TLD', 'anna [at] tutor [dot] xyz', H],
  ['at/dot, several dots', 'anna at mail dot example dot org', H],
  ['(at)/(dot)', 'anna(at)proton(dot)me', H],
  ['AT/DOT in capitals', 'ANNA AT OUTLOOK DOT COM', H],
  // Other separators between digits.
  ['slashes', '555/123/4567', H],
  ['underscores', '555_123_4567', H],
  ['commas', '555,123,4567', H],
  ['emoji', '555🙂123🙂4567', H],
  ['emoji between every digit', '5📞5📞5📞1📞2📞3📞4📞5📞6📞7', H],
  ['pipes', '555|123|4567', H],
  ['tildes', '555~123~4567', H],
  ['stars', '555*123*4567', H],
  ['mixed separators', '(555)/123_45.67', H],
  ['hashes', '555#123#4567', H],
  ['plus signs inside', '555+123+4567', H],
  ['arrows', '555→123→4567', H],
  ['bullets', '555•123•4567', H],
  // Numbers disguised as dates or prices.
  ['an impossible date', 'my number 55/51/2345 67', `my number ${H}`],
  ['an impossible ISO date', '5551-23-4567', H],
  ['a date then more digits', '05.55.1234567', H],
  ['a price too long to be one', '$5551234567', `$${H}`],
  ['a price with a suffix', '5551234567 USD', `${H} USD`],
  ['a time then digits', 'at 55:51 234 567', `at ${H}`],
  ['an impossible day-first date', '45.67.8912', H],
  // Handles dressed up.
  ['fullwidth handle', '＠anna_lee', H],
  ['spaced messenger link', 't . m e / a n n a l e e', H],
  ['an email with spaced domain', 'anna@ g m a i l . c o m', H],
  ['whatsapp spaced', 'whatsapp: + 3 4 6 0 0 0 0 0 0 0', `whatsapp: ${H}`],
];

const ORDINARY: [kind: string, text: string][] = [
  ['spelling a word', 'Spell it: c a t, then d o g'],
  ['the alphabet', 'A B C D E F G'],
  ['exercises counted', 'exercises 1 2 3 4 5 6 7'],
  ['a list with commas', 'scores 10, 12, 15, 18'],
  ['Arabic-Indic small numbers', 'لدي ٣ دروس في الأسبوع'],
  ['Devanagari year', 'मैंने २०१९ में पढ़ाना शुरू किया'],
  ['fullwidth words', 'Ｈｅｌｌｏ！ See you at 10:30'],
  ['Russian text', 'Привет! Урок в среду в 18:00, стоимость 1500 рублей'],
  ['Greek text', 'Καλημέρα, το μάθημα είναι στις 9:00'],
  ['a soft hyphen in a long word', `Donau${SOFT}dampf${SOFT}schiff`],
  ['emoji between small numbers', 'I have 2 🍎 and 3 🍐'],
  ['a real date', 'Lesson on 24/11/2026 at 9:00'],
  ['an ISO date and a time range', 'Lesson 2026-11-24 10:30-11:20 is fine'],
  ['a price', 'A package costs $1,250.00 or 1250 USD'],
  ['a six-digit price', '€125000 for the school'],
  ['a year range', 'I studied there 2019-2024.'],
  ['a page range', 'pages 1200-1350 and 1200 – 1350'],
  ['at home, a dot', 'I am at home. Dot the i, please'],
  ['a fraction', 'Exercise 3/4 and 5/6'],
  ['a score', 'The score was 3-1, then 12-10'],
  ['@ a time', 'See you @5pm'],
  ['prose with "at" and "dot"', 'Look at the red dot on the map'],
  ['a short code', 'Room 42, floor 3'],
  ['chemistry', 'H₂O and CO₂ at 25°C'],
  ['an emoji sentence', 'Great job today 🎉👏 see you Friday'],
];

describe('masking, the adversarial corpus', () => {
  it('holds 59 disguised contacts', () => {
    expect(BYPASSES).toHaveLength(59);
  });

  it.each(BYPASSES)('hides %s', (_kind, text, expected) => {
    expect(maskContacts(text)).toEqual({ text: expected, masked: true });
  });

  it.each(ORDINARY)('leaves %s as typed', (_kind, text) => {
    expect(maskContacts(text)).toEqual({ text, masked: false });
  });
});
