import { describe, expect, it } from 'vitest';
import { capitaliseName, isPersonName } from './person-name';

describe('person names', () => {
  it.each([
    'O’Brien',
    "O'Brien",
    'Mary-Jane',
    'José',
    'Zoë',
    'Zoe\u0308', // e + combining diaeresis
    'Nguyễn Văn',
    'Jean-Luc Picard',
    '李',
    'Müller-Lüdenscheidt',
    'Ева',
    ' Ada ',
  ])('accepts %s', (name) => {
    expect(isPersonName(name)).toBe(true);
  });

  it.each([
    '',
    'Ada1',
    "'Ada",
    'Ada-',
    'Ada--Lovelace',
    'Ada  Lovelace',
    "O''Brien",
    'Ada_Lovelace',
    'Ada.',
    '<b>',
    '-',
  ])('refuses %o', (name) => {
    expect(isPersonName(name)).toBe(false);
  });

  it('saves each part with the first letter upper case and the rest lower case', () => {
    expect(capitaliseName('  mARY-jANE ')).toBe('Mary-Jane');
    expect(capitaliseName("o'brien")).toBe("O'Brien");
    expect(capitaliseName('o’BRIEN')).toBe('O’Brien');
    expect(capitaliseName('zoë')).toBe('Zoë');
    expect(capitaliseName('ana maria')).toBe('Ana Maria');
    expect(capitaliseName('e\u0301milie')).toBe('Émilie');
  });
});
