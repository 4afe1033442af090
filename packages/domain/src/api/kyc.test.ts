import { describe, expect, test } from 'vitest';
import { ageOn, KYC_MIN_AGE, kycReviewSchema, kycSubmissionSchemaAt, normalizeIdNumber } from './kyc.ts';

const TODAY = new Date('2026-06-15T12:00:00Z');
const schema = kycSubmissionSchemaAt(() => TODAY);
const valid = {
  fullName: ' Ada Lovelace ',
  dateOfBirth: '1990-12-10',
  idType: 'passport',
  idNumber: 'x1234-5678 9',
  idIssuer: ' gb ',
  idImageId: 'img-1',
};
const issues = (input: unknown) => schema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('ageOn', () => {
  test.each([
    ['2008-06-15', 18],
    ['2008-06-16', 17],
    ['2008-06-14', 18],
    ['1990-12-10', 35],
    ['2026-06-15', 0],
    ['2026-06-16', -1],
  ])('born %s is %i on 2026-06-15', (dob, age) => {
    expect(ageOn(dob, TODAY)).toBe(age);
  });

  test('a 29 February birthday counts from 1 March in other years', () => {
    expect(ageOn('2008-02-29', new Date('2026-02-28T00:00:00Z'))).toBe(17);
    expect(ageOn('2008-02-29', new Date('2026-03-01T00:00:00Z'))).toBe(18);
  });

  test.each(['2001-02-29', '2001-13-01', '2001-00-10', '2001-04-31', '01-02-2001', '2001-2-3', ''])('%j is not a date', (dob) => {
    expect(ageOn(dob, TODAY)).toBeNull();
  });
});

describe('kycSubmissionSchema', () => {
  test('trims, normalises the ID number and accepts an image address', () => {
    expect(schema.parse({ ...valid, idImageId: '/api/objects/img-1?size=thumb' })).toEqual({
      fullName: 'Ada Lovelace',
      dateOfBirth: '1990-12-10',
      idType: 'passport',
      idNumber: 'X123456789',
      idIssuer: 'GB',
      idImageId: 'img-1',
    });
    expect(normalizeIdNumber(' d12-34 5 ')).toBe('D12345');
  });

  test(`the client must be at least ${KYC_MIN_AGE}`, () => {
    expect(schema.safeParse({ ...valid, dateOfBirth: '2008-06-15' }).success).toBe(true);
    expect(issues({ ...valid, dateOfBirth: '2008-06-16' })).toEqual([
      ['dateOfBirth', 'You must be at least 18 years old to sell to Assay.'],
    ]);
  });

  test.each([
    ['fullName', '   ', 'Please enter your full legal name as it appears on your ID.'],
    ['fullName', 42, 'Please enter your full legal name as it appears on your ID.'],
    ['fullName', 'x'.repeat(201), 'Your name can be at most 200 characters.'],
    ['dateOfBirth', '10/12/1990', 'Please enter your date of birth as YYYY-MM-DD.'],
    ['dateOfBirth', undefined, 'Please enter your date of birth as YYYY-MM-DD.'],
    ['dateOfBirth', '1990-02-30', 'Please enter a real date of birth.'],
    ['dateOfBirth', '2030-01-01', 'Please enter a real date of birth.'],
    ['dateOfBirth', '1850-01-01', 'Please enter a real date of birth.'],
    ['idType', 'library_card', "Please choose the type of ID: driver's license, passport or state ID card."],
    ['idNumber', '', 'Please enter the number of your ID.'],
    ['idNumber', 123456, 'Please enter the number of your ID.'],
    ['idNumber', 'AB1', 'The ID number must be 4 to 30 letters and digits.'],
    ['idNumber', 'A'.repeat(31), 'The ID number must be 4 to 30 letters and digits.'],
    ['idNumber', 'AB12;DROP', 'The ID number must be 4 to 30 letters and digits.'],
    ['idImageId', '', 'Please say which ID photo this is about.'],
    ['idImageId', undefined, 'Please say which ID photo this is about.'],
  ])('%s = %j -> %j', (field, value, message) => {
    expect(issues({ ...valid, [field]: value })).toEqual([[field, message]]);
  });
});

describe('kycReviewSchema', () => {
  test('an approval needs no reason; a rejection does', () => {
    expect(kycReviewSchema.parse({ approve: true })).toEqual({ approve: true });
    expect(kycReviewSchema.parse({ approve: false, reason: ' Photo is blurred ' })).toEqual({
      approve: false,
      reason: 'Photo is blurred',
    });
    expect(kycReviewSchema.safeParse({ approve: false, reason: '  ' }).error?.issues[0]?.message).toBe(
      'Please say why the verification is rejected, so the client can fix it.',
    );
    expect(kycReviewSchema.safeParse({ approve: 'yes' }).error?.issues[0]?.message).toBe(
      'Say whether the verification is approved (true) or rejected (false).',
    );
  });
});

describe('the ID issuer', () => {
  test("a driver's license or state ID names a US state; a passport a country", () => {
    expect(schema.parse({ ...valid, idType: 'drivers_license', idIssuer: 'fl' }).idIssuer).toBe('FL');
    expect(schema.parse({ ...valid, idType: 'state_id', idIssuer: 'DC' }).idIssuer).toBe('DC');
    expect(schema.parse({ ...valid, idType: 'passport', idIssuer: 'US' }).idIssuer).toBe('US');
  });

  test.each([
    [
      'drivers_license',
      'GB',
      '"GB" is not a US state code. Please choose the US state that issued your ID (its two-letter code, such as FL).',
    ],
    [
      'state_id',
      'Florida',
      '"FLORIDA" is not a US state code. Please choose the US state that issued your ID (its two-letter code, such as FL).',
    ],
    [
      'passport',
      'XX',
      '"XX" is not a country code. Please choose the country that issued your passport (its two-letter code, such as US).',
    ],
    ['passport', '  ', 'Please choose who issued your ID: a US state, or for a passport a country.'],
  ])('%s issued by %j is refused', (idType, idIssuer, message) => {
    expect(issues({ ...valid, idType, idIssuer })).toEqual([['idIssuer', message]]);
  });

  test('a missing issuer is asked for', () => {
    const { idIssuer: _, ...withoutIssuer } = valid;
    expect(issues(withoutIssuer)).toEqual([
      ['idIssuer', 'Please choose who issued your ID: a US state, or for a passport a country.'],
    ]);
  });
});
