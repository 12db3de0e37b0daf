import { describe, expect, it } from 'vitest';
import { verifyFileSignature } from '../../adapters/storage/signed-url';
import { cleanNotesHtml, plainTextToNotesHtml, signNotesImages } from './notes-html';

const ID = '0b6f3c2e-8a51-4a4e-9d0e-2f1b7c9d4e5a';
const OTHER = '7d2a9e41-3c6b-4f0e-8a17-5b9c0d3e2f61';
const PATH = `${ID}/lessons/${ID}/${ID}.jpg`;
/** The notes' writer and lesson that PATH was stored for. */
const OWNER = { writerId: ID, lessonId: ID };

describe('lesson notes HTML', () => {
  it('keeps the editor markup people write', async () => {
    const html =
      '<h2>Plan</h2><p>Work on <strong>fractions</strong>, <em>decimals</em> and <u>percent</u>.</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote><p>quote</p></blockquote>';
    expect(await cleanNotesHtml(html, OWNER)).toBe(html);
  });

  it('drops scripts, event handlers, styles, frames and dangerous links', async () => {
    expect(
      await cleanNotesHtml('<p onclick="steal()">hi<script>alert(1)</script></p>', OWNER),
    ).toBe('<p>hi</p>');
    expect(
      await cleanNotesHtml('<p style="color:red">x</p><iframe src="https://evil"></iframe>', OWNER),
    ).toBe('<p>x</p>');
    expect(await cleanNotesHtml('<a href="javascript:alert(1)">x</a>', OWNER)).toBe(
      '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(await cleanNotesHtml('<a href="https://example.com">x</a>', OWNER)).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it('keeps only our own images, stored without their signature', async () => {
    const ours = `/api/files/${PATH}?expires=1&signature=abc`;
    expect(await cleanNotesHtml(`<p><img src="${ours}" alt="graph"></p>`, OWNER)).toBe(
      `<p><img src="/api/files/${PATH}" alt="graph" /></p>`,
    );
    expect(
      await cleanNotesHtml(
        '<img src="https://evil.example/x.png"><img src="data:image/png;base64,AA==">',
        OWNER,
      ),
    ).toBe('');
    // Only the names the server gives note images: no other files, no way out of the folder.
    expect(
      await cleanNotesHtml('<img src="/api/files/../../etc/passwd" onerror="x()">', OWNER),
    ).toBe('');
    expect(await cleanNotesHtml(`<img src="/api/files/${ID}/avatars/${ID}.jpg">`, OWNER)).toBe('');
  });

  it("drops another writer's picture and a picture stored for another lesson", async () => {
    const theirs = `${OTHER}/lessons/${ID}/${ID}.jpg`;
    const otherLesson = `${ID}/lessons/${OTHER}/${ID}.jpg`;
    for (const path of [theirs, otherLesson]) {
      expect(await cleanNotesHtml(`<p>x<img src="/api/files/${path}"></p>`, OWNER)).toBe(
        '<p>x</p>',
      );
    }
  });

  it("never signs another writer's picture found in stored notes", () => {
    const theirs = `<p><img src="/api/files/${OTHER}/lessons/${ID}/${ID}.jpg" /></p>`;
    expect(signNotesImages(theirs, OWNER, 'secret', new Date())).toBe(theirs);
  });

  it('reads an empty editor document as no notes', async () => {
    expect(await cleanNotesHtml('<p></p>', OWNER)).toBe('');
    expect(await cleanNotesHtml('', OWNER)).toBe('');
  });

  it('signs each stored image link for the reader', () => {
    const readAt = new Date(Date.UTC(2030, 0, 7, 12));
    const signed = signNotesImages(
      `<p><img src="/api/files/${PATH}" /></p>`,
      OWNER,
      'secret',
      readAt,
    );
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
