import { describe, expect, it } from 'vitest';
import { parseOneLineAddress } from './api/shipping-address.ts';
import {
  appraisersBadgeText,
  buildBusinessIdentity,
  businessSignatureLines,
  EXAMPLE_BUSINESS,
  insuredBadgeText,
  parseAppraisers,
  parseLicences,
  streetAddress,
  submissionPagePath,
} from './business-identity.ts';

describe('business identity', () => {
  it('reads licences as "Authority: number" separated by ";"', () => {
    expect(parseLicences(' NMLS: 12-34 ;Delaware Division of Revenue: 2019-0001; ')).toEqual([
      { authority: 'NMLS', number: '12-34' },
      { authority: 'Delaware Division of Revenue', number: '2019-0001' },
    ]);
    expect(parseLicences('')).toEqual([]);
    expect(parseLicences('NMLS 1234')).toBeNull();
    expect(parseLicences(': 1234')).toBeNull();
    expect(parseLicences('NMLS:')).toBeNull();
  });

  it('reads appraisers as "Name, credential" separated by ";"', () => {
    expect(parseAppraisers('Dana Reyes, GIA Graduate Gemologist; Lee Park, ASA, AM')).toEqual([
      { name: 'Dana Reyes', credential: 'GIA Graduate Gemologist' },
      { name: 'Lee Park', credential: 'ASA, AM' },
    ]);
    expect(parseAppraisers('Dana Reyes')).toBeNull();
  });

  it('builds the public identity and its badge lines', () => {
    const identity = buildBusinessIdentity({
      legalName: ' Assay Buyers LLC ',
      address: 'Assay Buyers LLC, 1 Market Street, Wilmington, DE 19801',
      licences: 'NMLS: 1234',
      insurer: 'Harbor Mutual',
      appraisers: 'Dana Reyes, GIA Graduate Gemologist',
      insuredLimitCents: 2_500_000,
      guarantee: { floorPercent: 90, goodwillCents: 2_500 },
      example: false,
    });
    expect(identity.legalName).toBe('Assay Buyers LLC');
    expect(identity.guarantee).toEqual({ floorPercent: 90, goodwillCents: 2_500 });
    expect(insuredBadgeText(identity)).toBe('Insured up to $25,000 by Harbor Mutual');
    expect(appraisersBadgeText(identity)).toBe('Appraised by Dana Reyes, GIA Graduate Gemologist');
    expect(appraisersBadgeText({ appraisers: [] })).toBeNull();
    expect(businessSignatureLines(identity)).toEqual(['Assay Buyers LLC', '1 Market Street, Wilmington, DE 19801']);
    expect(streetAddress('Assay, 1 Gold St, Suite 2, New York, NY 10001')).toBe('1 Gold St, Suite 2, New York, NY 10001');
  });

  it('has example values that are valid and say they are examples', () => {
    expect(parseOneLineAddress(EXAMPLE_BUSINESS.address)).not.toBeNull();
    expect(EXAMPLE_BUSINESS.legalName).toMatch(/\(example\)$/);
    expect(EXAMPLE_BUSINESS.insurer).toMatch(/\(example\)$/);
    expect(parseLicences(EXAMPLE_BUSINESS.licences)?.every((l) => l.number.endsWith('(example)'))).toBe(true);
    expect(parseAppraisers(EXAMPLE_BUSINESS.appraisers)?.every((a) => a.credential.endsWith('(example)'))).toBe(true);
  });

  it("links to the web app's submission page", () => {
    expect(submissionPagePath('5f1c2d3e-aaaa-bbbb-cccc-00001234abcd')).toBe(
      '/client/submissions/5f1c2d3e-aaaa-bbbb-cccc-00001234abcd',
    );
  });
});
