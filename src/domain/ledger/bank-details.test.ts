import { describe, expect, it } from 'vitest';
import {
  BANK_MESSAGES,
  displayNameOf,
  isValidIban,
  isValidRoutingNumber,
  LOCAL_TEST_ACCOUNTS,
  parseBankForm,
  payoutFailsFor,
} from './bank-details';

const form = {
  legalName: 'Tara Quinn',
  country: 'DE',
  iban: '',
  accountNumber: '',
  routingNumber: '',
};

describe('bank details', () => {
  it('the documented test accounts pass their checksums', () => {
    expect(isValidIban(LOCAL_TEST_ACCOUNTS.ibanThatPays)).toBe(true);
    expect(isValidIban(LOCAL_TEST_ACCOUNTS.ibanThatFails)).toBe(true);
    expect(isValidRoutingNumber(LOCAL_TEST_ACCOUNTS.usThatPays.routingNumber)).toBe(true);
  });

  it.each([
    ['DE89 3704 0044 0532 0130 00', true],
    ['de89370400440532013000', true],
    ['DE89370400440532013001', false], // one digit off
    ['DE88370400440532013000', false], // wrong check digits
    ['DE89', false],
    ['1234567890123456', false],
  ])('IBAN %s valid: %s', (iban, valid) => {
    expect(isValidIban(iban)).toBe(valid);
  });

  it.each([
    ['110000000', true],
    ['021000021', true],
    ['021000022', false],
    ['12345678', false],
  ])('routing number %s valid: %s', (routing, valid) => {
    expect(isValidRoutingNumber(routing)).toBe(valid);
  });

  it('reads an IBAN account and says which fields are wrong', () => {
    expect(parseBankForm({ ...form, iban: 'de89 3704 0044 0532 0130 00' })).toEqual({
      ok: true,
      details: { legalName: 'Tara Quinn', country: 'DE', iban: 'DE89370400440532013000' },
    });
    expect(parseBankForm({ ...form, legalName: ' ', iban: 'DE89370400440532013001' })).toEqual({
      ok: false,
      errors: { legalName: BANK_MESSAGES.legalName, iban: BANK_MESSAGES.iban },
    });
    // An IBAN of another country than the one chosen.
    expect(
      parseBankForm({ ...form, country: 'FR', iban: LOCAL_TEST_ACCOUNTS.ibanThatPays }).ok,
    ).toBe(false);
  });

  it('reads a US account with its routing number', () => {
    const us = { ...form, country: 'us', ...LOCAL_TEST_ACCOUNTS.usThatPays };
    const parsed = parseBankForm(us);
    expect(parsed).toEqual({
      ok: true,
      details: { legalName: 'Tara Quinn', country: 'US', ...LOCAL_TEST_ACCOUNTS.usThatPays },
    });
    expect(parseBankForm({ ...us, routingNumber: '110000001', accountNumber: '12' })).toEqual({
      ok: false,
      errors: {
        routingNumber: BANK_MESSAGES.routingNumber,
        accountNumber: BANK_MESSAGES.accountNumber,
      },
    });
    if (parsed.ok) expect(displayNameOf(parsed.details)).toBe('Account •••• 6789');
  });

  it('payouts fail only to the failing test accounts', () => {
    expect(payoutFailsFor({ iban: LOCAL_TEST_ACCOUNTS.ibanThatFails })).toBe(true);
    expect(payoutFailsFor({ accountNumber: LOCAL_TEST_ACCOUNTS.usThatFails.accountNumber })).toBe(
      true,
    );
    expect(payoutFailsFor({ iban: LOCAL_TEST_ACCOUNTS.ibanThatPays })).toBe(false);
  });
});
