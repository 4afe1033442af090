import { describe, expect, it } from 'vitest';
import {
  type PoliceReportLineFacts,
  POLICE_REPORT_ADDRESS_SELLER_MESSAGE,
  POLICE_REPORT_LINE_SELLER_MESSAGE,
  policeReportArticleCode,
  policeReportLineProblems,
  policeReportLineSellerMessage,
  policeReportLineSentence,
} from './police-report-line.ts';

const complete: PoliceReportLineFacts = {
  item: { position: 2, description: '14k bracelet' },
  photoCount: 1,
  category: 'jewelry',
  material: 'gold-14k',
  idRequired: false,
  approvedId: null,
  sellerName: 'Casey Client',
  hasAddress: true,
};
const kinds = (facts: Partial<PoliceReportLineFacts>) => policeReportLineProblems({ ...complete, ...facts }).map((p) => p.kind);

describe('policeReportLineProblems', () => {
  it('finds nothing missing on a complete line, with or without ID', () => {
    expect(kinds({})).toEqual([]);
    expect(kinds({ idRequired: true, approvedId: { issuer: 'FL' }, hasAddress: false })).toEqual([]);
  });

  it('names a line without any photo, and one whose category the article codes do not know', () => {
    expect(kinds({ photoCount: 0 })).toEqual(['photo']);
    expect(kinds({ category: 'coins' })).toEqual(['article-code']);
    expect(kinds({ photoCount: 0, category: '' })).toEqual(['photo', 'article-code']);
  });

  it("gives an item whose material nobody named its kind's OTHER code, which is a code", () => {
    expect(kinds({ material: null })).toEqual([]);
    expect(policeReportArticleCode({ category: 'scrap', material: null })).toBe('SCRAP-OTHER');
    expect(policeReportArticleCode({ category: 'gems', material: 'diamond' })).toBe('GEM-DIAMOND');
    expect(policeReportArticleCode({ category: 'coins', material: 'gold-22k' })).toBeNull();
  });

  it('asks for name and address where ID is not required, never for an ID', () => {
    expect(kinds({ hasAddress: false })).toEqual(['address']);
    expect(kinds({ sellerName: '  ' })).toEqual(['address']);
    expect(kinds({ approvedId: null, idRequired: false })).toEqual([]);
  });

  it('asks for the ID issuer where ID is required, and leaves an unapproved ID to the gate', () => {
    expect(kinds({ idRequired: true, approvedId: { issuer: null } })).toEqual(['id']);
    expect(kinds({ idRequired: true, approvedId: { issuer: ' ' } })).toEqual(['id']);
    expect(kinds({ idRequired: true, approvedId: null })).toEqual([]);
  });

  it('says which item lacks what, and tells the seller nothing is theirs to do but an address', () => {
    const problems = policeReportLineProblems({ ...complete, photoCount: 0, category: 'coins' });
    expect(policeReportLineSentence(complete.item, problems)).toBe(
      'Item 2 (14k bracelet) cannot go on the police report yet: no photo of the item (a photo of the item, or a bench test photo on the scale); no article code (its category is not one the article codes know).',
    );
    expect(policeReportLineSentence({ position: null, description: 'Coins' }, problems)).toMatch(/^The purchase \(Coins\)/);
    expect(policeReportLineSellerMessage(problems)).toBe(POLICE_REPORT_LINE_SELLER_MESSAGE);
    expect(policeReportLineSellerMessage(policeReportLineProblems({ ...complete, hasAddress: false }))).toBe(
      POLICE_REPORT_ADDRESS_SELLER_MESSAGE,
    );
  });
});
