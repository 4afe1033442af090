import { describe, expect, test } from 'vitest';
import {
  addressLines,
  normalizePostalCode,
  normalizeUsPhone,
  parseOneLineAddress,
  shippingAddressSchema,
  usStateCodes,
} from './shipping-address.ts';

const valid = {
  name: 'Casey Client',
  line1: '12 Main Street',
  line2: 'Apt 4B',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  phone: '(217) 555-0134',
};

function firstMessage(input: unknown): string | undefined {
  return shippingAddressSchema.safeParse(input).error?.issues[0]?.message;
}

function firstPath(input: unknown): string | undefined {
  return shippingAddressSchema.safeParse(input).error?.issues[0]?.path.join('.');
}

describe('shippingAddressSchema', () => {
  test('accepts a full address unchanged', () => {
    expect(shippingAddressSchema.parse(valid)).toEqual(valid);
  });

  test('trims, collapses spaces, upper-cases the state and normalises ZIP+4 and phone', () => {
    expect(
      shippingAddressSchema.parse({
        name: '  Casey   Client ',
        line1: ' 12  Main Street',
        line2: '   ',
        city: 'Springfield ',
        state: ' il ',
        postalCode: ' 627011234 ',
        phone: '+1 217.555.0134',
      }),
    ).toEqual({
      name: 'Casey Client',
      line1: '12 Main Street',
      line2: null,
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701-1234',
      phone: '(217) 555-0134',
    });
  });

  test('line2 and phone are optional: missing, null or empty all mean none', () => {
    const { line2: _l, phone: _p, ...required } = valid;
    expect(shippingAddressSchema.parse(required)).toEqual({ ...required, line2: null, phone: null });
    expect(shippingAddressSchema.parse({ ...required, line2: null, phone: null })).toMatchObject({ line2: null, phone: null });
    expect(shippingAddressSchema.parse({ ...required, line2: '', phone: ' ' })).toMatchObject({ line2: null, phone: null });
  });

  test('keeps Latin-1 letters such as accents', () => {
    expect(
      shippingAddressSchema.parse({ ...valid, name: 'José Muñoz', city: 'Cataño', state: 'PR', postalCode: '00962' }),
    ).toMatchObject({
      name: 'José Muñoz',
      city: 'Cataño',
      state: 'PR',
    });
  });

  test.each([
    [{ ...valid, name: undefined }, 'name', 'Please enter the name for the label.'],
    [{ ...valid, name: '   ' }, 'name', 'Please enter the name for the label.'],
    [{ ...valid, line1: '' }, 'line1', 'Please enter the street address.'],
    [{ ...valid, city: 42 }, 'city', 'Please enter the city.'],
    [{ ...valid, state: 'XX' }, 'state', 'Please choose a US state or territory by its 2-letter code, like NY.'],
    [{ ...valid, state: 'Illinois' }, 'state', 'Please choose a US state or territory by its 2-letter code, like NY.'],
    [{ ...valid, state: undefined }, 'state', 'Please choose a US state or territory by its 2-letter code, like NY.'],
    [{ ...valid, postalCode: '6270' }, 'postalCode', 'Please enter a 5-digit ZIP code, or ZIP+4 like 12345-6789.'],
    [{ ...valid, postalCode: '62701-12' }, 'postalCode', 'Please enter a 5-digit ZIP code, or ZIP+4 like 12345-6789.'],
    [{ ...valid, postalCode: 'SW1A 1AA' }, 'postalCode', 'Please enter a 5-digit ZIP code, or ZIP+4 like 12345-6789.'],
    [{ ...valid, postalCode: 62701 }, 'postalCode', 'Please enter a 5-digit ZIP code, or ZIP+4 like 12345-6789.'],
    [
      { ...valid, phone: '555-0134' },
      'phone',
      'Please enter a 10-digit US phone number, like (302) 555-0123, or leave it empty.',
    ],
    [
      { ...valid, phone: '+44 20 7946 0958' },
      'phone',
      'Please enter a 10-digit US phone number, like (302) 555-0123, or leave it empty.',
    ],
    [{ ...valid, phone: 'call me' }, 'phone', 'Please enter a 10-digit US phone number, like (302) 555-0123, or leave it empty.'],
    [{ ...valid, name: 'x'.repeat(101) }, 'name', 'The name can be at most 100 characters.'],
    [{ ...valid, line1: 'x'.repeat(101) }, 'line1', 'The street address can be at most 100 characters.'],
    [{ ...valid, line2: 'x'.repeat(101) }, 'line2', 'The second address line can be at most 100 characters.'],
    [{ ...valid, city: 'x'.repeat(61) }, 'city', 'The city can be at most 60 characters.'],
    [
      { ...valid, line1: '12 Main St\nAttn: someone' },
      'line1',
      'The street address can only use letters, numbers, spaces and common punctuation.',
    ],
    [{ ...valid, name: 'Casey 🙂' }, 'name', 'The name can only use letters, numbers, spaces and common punctuation.'],
  ])('refuses %j at %s', (input, path, message) => {
    expect(firstPath(input)).toBe(path);
    expect(firstMessage(input)).toBe(message);
  });

  test('refuses something that is not an object with one sentence', () => {
    expect(firstMessage('12 Main St')).toBe('Please send the address as {name, line1, line2, city, state, postalCode, phone}.');
  });

  test('drops unknown fields', () => {
    expect(shippingAddressSchema.parse({ ...valid, country: 'US', isAdmin: true })).toEqual(valid);
  });
});

describe('US state codes', () => {
  test('are the 50 states, DC, 5 territories, 3 freely associated states and 3 military codes', () => {
    expect(usStateCodes).toHaveLength(62);
    expect(new Set(usStateCodes).size).toBe(62);
    for (const code of ['CA', 'NY', 'DC', 'PR', 'GU', 'VI', 'AE']) expect(usStateCodes).toContain(code);
  });
});

describe('normalizePostalCode', () => {
  test.each([
    ['19801', '19801'],
    ['19801-1234', '19801-1234'],
    ['198011234', '19801-1234'],
    ['19801 1234', '19801-1234'],
    ['1980', null],
    ['1980112345', null],
    ['19801-', null],
    ['ABCDE', null],
  ])('%s -> %s', (input, expected) => {
    expect(normalizePostalCode(input)).toBe(expected);
  });
});

describe('normalizeUsPhone', () => {
  test.each([
    ['3025550123', '(302) 555-0123'],
    ['302-555-0123', '(302) 555-0123'],
    ['(302) 555 0123', '(302) 555-0123'],
    ['1 302 555 0123', '(302) 555-0123'],
    ['+1 (302) 555-0123', '(302) 555-0123'],
    ['+44 302 555 0123', null],
    ['102 555 0123', null],
    ['302 155 0123', null],
    ['555-0123', null],
    ['302-555-0123 ext 4', null],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeUsPhone(input)).toBe(expected);
  });
});

describe('addressLines', () => {
  test('prints name, street, optional second line and city line', () => {
    expect(addressLines(shippingAddressSchema.parse(valid))).toEqual([
      'Casey Client',
      '12 Main Street',
      'Apt 4B',
      'Springfield, IL 62701',
    ]);
    expect(addressLines(shippingAddressSchema.parse({ ...valid, line2: null }))).toEqual([
      'Casey Client',
      '12 Main Street',
      'Springfield, IL 62701',
    ]);
  });
});

describe('parseOneLineAddress', () => {
  test('reads "Name, Street, Suite, City, ST ZIP"', () => {
    expect(parseOneLineAddress('Assay Receiving, 100 Assay Way, Suite 200, Wilmington, DE 19801')).toEqual({
      name: 'Assay Receiving',
      line1: '100 Assay Way',
      line2: 'Suite 200',
      city: 'Wilmington',
      state: 'DE',
      postalCode: '19801',
      phone: null,
    });
  });

  test('reads it without a second line, with ZIP+4 and a lower-case state', () => {
    expect(parseOneLineAddress('Assay, 1 Gold St, New York, ny 10001-2345')).toMatchObject({
      name: 'Assay',
      line1: '1 Gold St',
      line2: null,
      city: 'New York',
      state: 'NY',
      postalCode: '10001-2345',
    });
  });

  test.each([
    ['Assay Receiving, 100 Assay Way'],
    ['Assay, 100 Assay Way, Wilmington, Delaware 19801'],
    ['Assay, 100 Assay Way, Wilmington, DE'],
    ['Assay, 100 Assay Way, Wilmington, ZZ 19801'],
    ['Assay, , Wilmington, DE 19801'],
    ['A, B, C, D, Wilmington, DE 19801'],
  ])('refuses %s', (text) => {
    expect(parseOneLineAddress(text)).toBeNull();
  });
});
