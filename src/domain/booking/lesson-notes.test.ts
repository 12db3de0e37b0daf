import { describe, expect, it } from 'vitest';
import { notesPreview, notesText } from './lesson-notes';

describe('lesson notes text', () => {
  it('reads the text of notes HTML, one space between blocks', () => {
    expect(
      notesText(
        '<p>Fractions &amp; <strong>decimals</strong></p><ul><li>one</li><li>two</li></ul>',
      ),
    ).toBe('Fractions & decimals one two');
    expect(notesText('<p></p>')).toBe('');
  });

  it('previews the first 40 characters, with an ellipsis only when cut', () => {
    expect(notesPreview('<p>Short note</p>')).toBe('Short note');
    const long = '<p>Practise the past simple with irregular verbs every day</p>';
    expect(notesPreview(long)).toBe('Practise the past simple with irregular…');
  });
});
