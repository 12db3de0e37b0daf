import { describe, expect, it } from 'vitest';
import { isStorableText, unstorableTextPath } from './storable-text';

describe('storable text', () => {
  it('takes any real text, astral characters and all', () => {
    expect(isStorableText('José, Zoë, 日本語, 😀 and a tab\t')).toBe(true);
  });

  it('refuses a NUL character and either half of a surrogate pair alone', () => {
    for (const text of ['a\u0000b', '\ud800', 'a\udc00b', '\ud83d'])
      expect(isStorableText(text)).toBe(false);
  });

  it('names the first field that holds one, keys included', () => {
    expect(unstorableTextPath({ a: 'ok', list: [{ name: 'x\u0000' }] })).toBe('list.0.name');
    expect(unstorableTextPath({ ['k\ud800']: 1 })).toBe('k\ud800');
    expect(unstorableTextPath('\u0000')).toBe('');
    expect(unstorableTextPath({ a: ['fine', 2, null], b: Buffer.from([0]) })).toBeUndefined();
  });
});
