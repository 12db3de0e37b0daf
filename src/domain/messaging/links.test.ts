import { describe, expect, it } from 'vitest';
import { linkify } from './links';

const links = (body: string) =>
  linkify(body)
    .filter((part) => part.kind === 'link')
    .map((part) => (part.kind === 'link' ? [part.text, part.href] : []));

describe('linkify', () => {
  it('keeps plain text as one part', () => {
    expect(linkify('Hello, see you at 5.')).toEqual([
      { kind: 'text', text: 'Hello, see you at 5.' },
    ]);
    expect(linkify('')).toEqual([]);
  });

  it('cuts http and https addresses out of the text, the rest kept around them', () => {
    expect(linkify('Slides: https://example.com/a?b=1#c and http://x.org')).toEqual([
      { kind: 'text', text: 'Slides: ' },
      { kind: 'link', text: 'https://example.com/a?b=1#c', href: 'https://example.com/a?b=1#c' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.org', href: 'http://x.org/' },
    ]);
  });

  it('opens a www. address over https', () => {
    expect(links('go to www.example.com now')).toEqual([
      ['www.example.com', 'https://www.example.com/'],
    ]);
  });

  it('leaves sentence punctuation and an unopened bracket outside the link', () => {
    expect(links('See https://example.com.')).toEqual([
      ['https://example.com', 'https://example.com/'],
    ]);
    expect(links('(https://example.com/x)')).toEqual([
      ['https://example.com/x', 'https://example.com/x'],
    ]);
    expect(links('https://en.wikipedia.org/wiki/Pi_(letter), ok')).toEqual([
      ['https://en.wikipedia.org/wiki/Pi_(letter)', 'https://en.wikipedia.org/wiki/Pi_(letter)'],
    ]);
  });

  it('never links other schemes or broken addresses', () => {
    for (const body of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'mailto:a@b.com',
      'ftp://example.com',
      'https://',
      'http://localhost',
      'xhttps://example.com',
    ]) {
      expect(links(body), body).toEqual([]);
    }
  });

  it('joins back to the text it was given', () => {
    const body = 'a https://a.com, b www.b.org! (http://c.net/x) javascript:void(0) end';
    expect(
      linkify(body)
        .map((part) => part.text)
        .join(''),
    ).toBe(body);
  });
});
