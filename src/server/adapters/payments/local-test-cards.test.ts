import { describe, expect, it } from 'vitest';
import { CARD_TEXT, checkCard, parseExpiry, passesLuhn, TEST_CARDS } from './local-test-cards';

// The card rules of the local checkout, on a fixed "today" (2030-01-31, the last day of January).

const NOW = new Date('2030-01-31T23:59:00Z');
const GOOD = { cardNumber: '4242 4242 4242 4242', expiry: '01 / 30', cvc: '123', name: 'Ada L' };

describe('local test cards', () => {
  it('charges the three test cards as a provider does', () => {
    expect(checkCard(GOOD, NOW)).toEqual({ outcome: 'paid', last4: '4242' });
    expect(checkCard({ ...GOOD, cardNumber: '4000 0000 0000 0002' }, NOW)).toEqual({
      outcome: 'declined',
      reason: CARD_TEXT.declined,
    });
    expect(checkCard({ ...GOOD, cardNumber: '4000-0000-0000-9995' }, NOW)).toEqual({
      outcome: 'declined',
      reason: CARD_TEXT.insufficientFunds,
    });
  });

  it('declines a well-formed number that is not a test card', () => {
    expect(checkCard({ ...GOOD, cardNumber: '5555 5555 5555 4444' }, NOW)).toEqual({
      outcome: 'declined',
      reason: CARD_TEXT.notATestCard,
    });
  });

  it('calls a number that fails Luhn or has the wrong length invalid', () => {
    expect(passesLuhn(TEST_CARDS.succeeds)).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    for (const cardNumber of ['4242 4242 4242 4241', '4242', '', '4242 4242 4242 424x'])
      expect(checkCard({ ...GOOD, cardNumber }, NOW)).toEqual({
        outcome: 'invalid',
        errors: { cardNumber: CARD_TEXT.invalidNumber },
      });
  });

  it('takes a card through the last day of its expiry month, by the given clock', () => {
    expect(checkCard({ ...GOOD, expiry: '01/30' }, NOW).outcome).toBe('paid');
    expect(checkCard({ ...GOOD, expiry: '12 / 29' }, NOW)).toEqual({
      outcome: 'invalid',
      errors: { expiry: CARD_TEXT.pastExpiry },
    });
    expect(checkCard({ ...GOOD, expiry: '01/30' }, new Date('2030-02-01T00:00:00Z'))).toEqual({
      outcome: 'invalid',
      errors: { expiry: CARD_TEXT.pastExpiry },
    });
  });

  it('reads the expiry as people type it', () => {
    expect(parseExpiry('04 / 31')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry('4/31')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry('0431')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry('04 / 2031')).toEqual({ month: 4, year: 2031 });
    for (const typed of ['13 / 31', '00/31', '4', '', 'ab/cd'])
      expect(parseExpiry(typed), typed).toBeUndefined();
    expect(checkCard({ ...GOOD, expiry: '13 / 31' }, NOW)).toEqual({
      outcome: 'invalid',
      errors: { expiry: CARD_TEXT.incompleteExpiry },
    });
  });

  it('wants a CVC of 3 or 4 digits and the name on the card', () => {
    expect(checkCard({ ...GOOD, cvc: '1234' }, NOW).outcome).toBe('paid');
    for (const cvc of ['12', '12345', 'abc', ''])
      expect(checkCard({ ...GOOD, cvc }, NOW)).toEqual({
        outcome: 'invalid',
        errors: { cvc: CARD_TEXT.invalidCvc },
      });
    expect(checkCard({ ...GOOD, name: '  ' }, NOW)).toEqual({
      outcome: 'invalid',
      errors: { name: CARD_TEXT.missingName },
    });
    expect(checkCard({ ...GOOD, name: 'x'.repeat(101) }, NOW)).toEqual({
      outcome: 'invalid',
      errors: { name: CARD_TEXT.nameTooLong },
    });
  });

  it('reports every mistake at once, and never charges a card with one', () => {
    const check = checkCard({ cardNumber: '1', expiry: '', cvc: '', name: '' }, NOW);
    expect(check).toEqual({
      outcome: 'invalid',
      errors: {
        cardNumber: CARD_TEXT.invalidNumber,
        expiry: CARD_TEXT.incompleteExpiry,
        cvc: CARD_TEXT.invalidCvc,
        name: CARD_TEXT.missingName,
      },
    });
  });
});
