import { describe, expect, it } from 'vitest';
import { TEXT_MESSAGES } from '../messages/text';
import { isSingleLine, singleLineText } from './single-line';

describe('the single-line rule', () => {
  it.each([
    ['a line break', 'Five lessons\nBcc: everyone@example.com'],
    ['a carriage return', 'Five lessons\rSubject: forged'],
    ['CR LF', 'a\r\nb'],
    ['a tab', 'a\tb'],
    ['a NUL', 'a\u0000b'],
    ['an escape', 'a\u001B[31mb'],
    ['DEL', 'a\u007Fb'],
    ['a C1 control (NEL)', 'a\u0085b'],
    ['a line separator', 'a\u2028b'],
    ['a paragraph separator', 'a\u2029b'],
    ['a lone surrogate', 'a\uD800b'],
  ])('refuses %s', (_kind, text) => {
    expect(isSingleLine(text)).toBe(false);
  });

  it.each([
    ['plain words', 'Five lessons, 10% off'],
    ['accents and scripts', 'Magíster en Física — 物理学 — Физика'],
    ['an emoji (a surrogate pair)', 'Exam prep 🚀'],
    ['symbols', '<3 & "quotes" / C++ # 1'],
    ['an empty text', ''],
  ])('keeps %s', (_kind, text) => {
    expect(isSingleLine(text)).toBe(true);
  });

  it('says what to do, in the schema', () => {
    const result = singleLineText().safeParse('two\nlines');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(TEXT_MESSAGES.singleLine);
  });
});
