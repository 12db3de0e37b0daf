import { describe, expect, it } from 'vitest';
import { MASK_PLACEHOLDER as H, maskContacts } from './masking';

const masked = (text: string) => maskContacts(text).text;

describe('maskContacts', () => {
  it.each([
    ['write to anna.lee+tutor@gmail.com please', `write to ${H} please`],
    ['ANNA@Example.co.uk', H],
    ['anna at gmail dot com', H],
    ['anna [at] gmail [dot] com', H],
    ['anna(at)mail.ru', H],
    ['anna @ gmail . com', H],
  ])('hides the email in %j', (text, expected) => {
    expect(masked(text)).toBe(expected);
  });

  it.each([
    ['call me on +1 555 123 4567', `call me on ${H}`],
    ['+44 (20) 7946-0958', H],
    ['my number: 555-123-4567.', `my number: ${H}.`],
    ['0171 2345678', H],
    ['07.12.34.56.78', H],
    ['+4915112345678', H],
    ['(555) 123.4567 after 6', `${H} after 6`],
    ['Call me at 555 - 123 - 4567', `Call me at ${H}`],
    ['+7 912 345 67 89', H],
    ['07946 095812', H],
    ['555-1234 or 5551234567', `${H} or ${H}`],
  ])('hides the phone number in %j', (text, expected) => {
    expect(masked(text)).toBe(expected);
  });

  it.each([
    'See you at 10:30 on 2026-11-24!',
    'The lesson on 24.11.2026 at 9:00, or 11/24/2026',
    'It costs $45.00, a package $1,250.00 or 1250 USD',
    'Chapter 12, pages 100-120, exercise 3.4',
    'I have 5 years of experience and 2 kids',
    'Lesson 2026-11-24 10:30-11:20 is fine',
    'Meet at school at 5 or at home',
    'I use Skype for lessons and it is fine',
    'Write to me at any time',
    'I studied there 2019-2024.',
    '2024-2025 school year',
    'Can we do 10.30-11.30?',
    'I charge 1000-1500 rubles',
    'pages 1200-1350 and 1200 – 1350',
    'exercises 1 2 3 4 5 6 7',
    'See you @5pm',
    'The score was 3-1, then 12-10',
    'Born in 1998, moved in 2010',
  ])('leaves %j alone', (text) => {
    expect(maskContacts(text)).toEqual({ text, masked: false });
  });

  it.each([
    ['add me on WhatsApp: +34 600 000 000', `add me on WhatsApp: ${H}`],
    ['whatsapp me wa.me/34600000000', `whatsapp me ${H}`],
    ['https://wa.me/34600000000?text=hi', H],
    ['join t.me/annalee', `join ${H}`],
    ['telegram: annalee', `telegram: ${H}`],
    ['my skype is anna.lee_85', `my skype is ${H}`],
    ['skype id annalee', `skype id ${H}`],
    ['skype:anna.lee?call', H],
    ['WeChat ID: anna_lee', `WeChat ID: ${H}`],
    ['discord anna#1234', `discord ${H}`],
    ['find me on discord.gg/abcd', `find me on ${H}`],
    ['DM me @anna_lee on insta', `DM me ${H} on insta`],
    ['telegram @annalee', `telegram ${H}`],
  ])('hides the messenger contact in %j', (text, expected) => {
    expect(masked(text)).toBe(expected);
  });

  it('hides every contact in a longer message and says it did', () => {
    const result = maskContacts(
      'Hi! Email anna@example.com or call +1 (555) 123-4567 before 10:30 on 2026-11-24.',
    );
    expect(result).toEqual({
      text: `Hi! Email ${H} or call ${H} before 10:30 on 2026-11-24.`,
      masked: true,
    });
  });

  it('keeps ordinary links and a lesson of text untouched', () => {
    const text = 'The worksheet: https://example.com/algebra/unit-3 (page 4).\nSee you!';
    expect(maskContacts(text)).toEqual({ text, masked: false });
  });

  it('never stores more than twice what was typed, however short the hidden parts', () => {
    for (const text of ['tg: a '.repeat(300), '@abc '.repeat(400), 'a@b.co '.repeat(250)]) {
      const result = maskContacts(text);
      expect(result.masked).toBe(true);
      expect(result.text.length).toBeLessThanOrEqual(2 * text.length);
    }
  });
});
