import { submissionItemSchema, type SubmissionItem } from '@assay/domain';

// The items of a parcel as the API sends them (issue 27 item 5), checked against the domain's schema.

export function anItem(overrides: Partial<SubmissionItem> = {}): SubmissionItem {
  return submissionItemSchema.parse({
    position: 1,
    category: 'jewelry',
    description: '14k gold ring',
    estimatedWeight: 9.5,
    weightUnit: 'grams',
    material: null,
    stoneChoice: null,
    images: [],
    preliminaryQuoteMin: '223.00',
    preliminaryQuoteMax: '335.00',
    declaredValue: '335.00',
    outcome: null,
    guaranteeFloor: null,
    ...overrides,
  });
}

/** What an item the appraiser has no quote for carries (loose stones, older rows). */
export const unpriced = { preliminaryQuoteMin: null, preliminaryQuoteMax: null, declaredValue: null } as const;

/** A ring with stones to return, a scrap chain of named 14K with a photo, and loose gems. */
export function threeItems(
  outcomes: [SubmissionItem['outcome'], SubmissionItem['outcome'], SubmissionItem['outcome']] = [null, null, null],
) {
  return [
    anItem({ position: 1, stoneChoice: 'return-stones', outcome: outcomes[0] }),
    anItem({
      position: 2,
      category: 'scrap',
      description: 'Broken 14k chain',
      estimatedWeight: 10,
      material: 'gold-14k',
      images: ['/api/objects/img-7'],
      preliminaryQuoteMin: '280.00',
      preliminaryQuoteMax: '420.00',
      outcome: outcomes[1],
    }),
    anItem({
      position: 3,
      category: 'gems',
      description: 'Two loose sapphires',
      estimatedWeight: 1.5,
      weightUnit: 'carats',
      preliminaryQuoteMin: null,
      preliminaryQuoteMax: null,
      outcome: outcomes[2],
    }),
  ];
}
