import { describe, expect, it } from 'vitest';
import { DecryptionError } from './crypto.ts';
import {
  openAddress,
  openText,
  personalDataContext,
  readAddressForReport,
  readTextForReport,
  sealAddress,
  sealOptionalText,
  sealText,
  UNREADABLE,
} from './personal-data.ts';

const KEY = '1'.repeat(64);
const OTHER = '2'.repeat(64);
const HOME = {
  name: 'Casey Client',
  line1: '12 Main Street',
  line2: 'Apt 4B',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  phone: '(217) 555-0134',
};
const context = personalDataContext.profileStreet('u1');

describe('sealAddress and openAddress', () => {
  it('keeps name, city, state and ZIP in clear and seals the street lines and phone, bound to the row', () => {
    const sealed = sealAddress(KEY, HOME, context);
    expect(sealed.address).toEqual({ name: HOME.name, city: HOME.city, state: HOME.state, postalCode: HOME.postalCode });
    for (const secret of [HOME.line1, HOME.line2, HOME.phone]) expect(sealed.encryptedStreet).not.toContain(secret);
    expect(openAddress([OTHER, KEY], sealed.address, sealed.encryptedStreet, context)).toEqual(HOME);
    expect(() => openAddress(KEY, sealed.address, sealed.encryptedStreet, personalDataContext.profileStreet('u2'))).toThrow(
      DecryptionError,
    );
    expect(openAddress(KEY, null, null, context)).toBeNull();
    expect(() => openAddress(KEY, sealed.address, null, context)).toThrow(DecryptionError);
  });

  it('reads UNREADABLE in an export when no key opens the street, keeping what is in clear', () => {
    const sealed = sealAddress(OTHER, HOME, context);
    expect(readAddressForReport(KEY, sealed.address, sealed.encryptedStreet, context)).toEqual({
      ...sealed.address,
      line1: UNREADABLE,
      line2: null,
      phone: UNREADABLE,
    });
  });
});

describe('sealText and readTextForReport', () => {
  const dob = personalDataContext.dateOfBirth('k1');

  it('round-trips, answers null for nothing stored, and UNREADABLE for a lost key', () => {
    expect(openText(KEY, sealText(KEY, '1990-12-10', dob), dob)).toBe('1990-12-10');
    expect(sealOptionalText(KEY, null, dob)).toBeNull();
    expect(sealOptionalText(KEY, '', dob)).toBeNull();
    expect(readTextForReport(KEY, null, dob)).toBeNull();
    expect(readTextForReport(KEY, sealText(OTHER, '1990-12-10', dob), dob)).toBe(UNREADABLE);
  });
});
