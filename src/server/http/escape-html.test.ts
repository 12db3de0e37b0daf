import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('turns every character that could open markup or close an attribute into its entity', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
  });

  it('leaves other text as it is, and escapes an existing entity again', () => {
    expect(escapeHtml('Zoë 東京 5–10')).toBe('Zoë 東京 5–10');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
