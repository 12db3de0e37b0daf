import { describe, expect, it } from 'vitest';
import {
  bioPreview,
  formatRate,
  initialsOf,
  isNewTutor,
  levelLabel,
  moreLabel,
  teachingApproachOf,
  withMore,
} from './tutor-card';
import { TEACHING_STYLE_SENTENCES } from './tutor-options';

describe('tutor card rules', () => {
  it('shows two items, then +n more', () => {
    expect(withMore(['a', 'b', 'c', 'd'])).toEqual({ shown: ['a', 'b'], more: 2 });
    expect(withMore(['a'])).toEqual({ shown: ['a'], more: 0 });
    expect(moreLabel(2)).toBe('+2 more');
  });

  it('marks tutors without reviews as new and writes initials and rates', () => {
    expect(isNewTutor(0)).toBe(true);
    expect(isNewTutor(3)).toBe(false);
    expect(initialsOf(' ada', 'lovelace')).toBe('AL');
    expect(formatRate(2500)).toBe('$25');
    expect(formatRate(2550)).toBe('$25.50');
  });

  it('cuts the bio at 400 characters only when it is longer', () => {
    expect(bioPreview('x'.repeat(400))).toEqual({ text: 'x'.repeat(400), isCut: false });
    const cut = bioPreview('y'.repeat(401));
    expect(cut.isCut).toBe(true);
    expect(cut.text).toBe(`${'y'.repeat(400)}…`);
  });

  it('reads an unknown level as beginner', () => {
    expect(levelLabel('native')).toBe('Native');
    expect(levelLabel('Fluent')).toBe('Fluent');
    expect(levelLabel('wizard')).toBe('Beginner');
  });

  it('has a sentence for each of the five teaching styles', () => {
    for (const style of ['adaptive', 'structured', 'interactive', 'practical', 'supportive']) {
      expect(teachingApproachOf(style)?.sentence).toBe(
        TEACHING_STYLE_SENTENCES[style as keyof typeof TEACHING_STYLE_SENTENCES],
      );
    }
    expect(teachingApproachOf('Adaptive')?.label).toBe('Adaptive');
    expect(teachingApproachOf('unknown')).toBeNull();
  });
});
