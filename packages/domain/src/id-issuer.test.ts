import { describe, expect, test } from 'vitest';
import { COUNTRY_CODES, idIssuerKind, idIssuerProblem, isCountryCode } from './id-issuer.ts';

describe('id issuers', () => {
  test('the country list is ISO 3166-1 alpha-2 (249 codes) and Kosovo', () => {
    expect(COUNTRY_CODES).toHaveLength(250);
    expect(new Set(COUNTRY_CODES).size).toBe(250);
    expect(COUNTRY_CODES.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
    expect(isCountryCode('MX')).toBe(true);
    expect(isCountryCode('UK')).toBe(false);
  });

  test('passports are issued by countries, the other IDs by US states', () => {
    expect(idIssuerKind('passport')).toBe('country');
    expect(idIssuerKind('drivers_license')).toBe('state');
    expect(idIssuerKind('state_id')).toBe('state');
  });

  test('a fitting issuer has no problem, whatever its case and spaces', () => {
    expect(idIssuerProblem('drivers_license', ' ny ')).toBeNull();
    expect(idIssuerProblem('passport', 'ca')).toBeNull();
    expect(idIssuerProblem('state_id', 'ZZ')).toMatch(/^"ZZ" is not a US state code/);
  });
});
