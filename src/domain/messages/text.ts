/** Texts of the rules every text field shares, whatever the screen. */
export const TEXT_MESSAGES = {
  /** A name, title or short description holds one line of visible text (it reaches emails as is). */
  singleLine: 'Write this on one line, without line breaks or invisible control characters',
} as const;
