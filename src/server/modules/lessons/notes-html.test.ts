import { describe, expect, it } from 'vitest';
import { verifyFileSignature } from '../../adapters/storage/signed-url';
import { cleanNotesHtml, plainTextToNotesHtml, signNotesImages } from './notes-html';

const ID = '0b6f3c2e-8a51-4a4e-9d0e-2f1b7c9d4e5a';
const PATH = `${ID}/lessons/${ID}/${ID}.jpg`;

describe('lesson notes HTML', () => {
  it('keeps the editor markup people write', () => {
    const html =
      '<h2>Plan</h2><p>Work on <strong>fractions</strong>, <em>decimals</em> and <u>percent</u>.</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote><p>quote</p></blockquote>';
    expect(cleanNotesHtml(html)).toBe(html);
  });

  it('drops scripts, event handlers, styles, frames and dangerous links', () => {
    expect(cleanNotesHtml('<p onclick="steal()">hi<script>alert(1)</script></p>')).toBe(
      '<p>hi</p>',
    );
    expect(cleanNotesHtml('<p style="color:red">x</p><iframe src="https://evil"></iframe>')).toBe(
      '<p>x</p>',
    );
    expect(cleanNotesHtml('<a href="javascript:alert(1)">x</a>')).toBe(
      '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(cleanNotesHtml('<a href="https://example.com">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it('keeps only our own images, stored without their signature', () => {
    const ours = `/api/files/${PATH}?expires=1&signature=abc`;
    expect(cleanNotesHtml(`<p><img src="${ours}" alt="graph"></p>`)).toBe(
      `<p><img src="/api/files/${PATH}" alt="graph" /></p>`,
    );
    expect(
      cleanNotesHtml(
        '<img src="https://evil.example/x.png"><img src="data:image/png;base64,AA==">',
      ),
    ).toBe('');
    // Only the names the server gives note images: no other files, no way out of the folder.
    expect(cleanNotesHtml('<img src="/api/files/../../etc/passwd" onerror="x()">')).toBe('');
    expect(cleanNotesHtml(`<img src="/api/files/${ID}/avatars/${ID}.jpg">`)).toBe('');
  });

  it('reads an empty editor document as no notes', () => {
    expect(cleanNotesHtml('<p></p>')).toBe('');
    expect(cleanNotesHtml('')).toBe('');
  });

  it('signs each stored image link for the reader', () => {
    const readAt = new Date(Date.UTC(2030, 0, 7, 12));
    const signed = signNotesImages(`<p><img src="/api/files/${PATH}" /></p>`, 'secret', readAt);
    const url = new URL(/src="([^"]+)"/.exec(signed)![1]!, 'http://x');
    expect(url.pathname).toBe(`/api/files/${PATH}`);
    expect(
      verifyFileSignature(
        'secret',
        PATH,
        Number(url.searchParams.get('expires')),
        url.searchParams.get('signature')!,
        readAt,
      ),
    ).toBe(true);
  });

  it('turns a plain-text note into escaped paragraphs', () => {
    expect(plainTextToNotesHtml('Fractions <3 & decimals\n\n<script>x</script>')).toBe(
      '<p>Fractions &lt;3 &amp; decimals</p><p>&lt;script&gt;x&lt;/script&gt;</p>',
    );
    expect(plainTextToNotesHtml('  ')).toBe('');
  });
});
