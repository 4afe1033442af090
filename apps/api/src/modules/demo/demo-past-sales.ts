// The demo's past sales (issue 27 item 3, decision 039): parcels other sellers sent over the last
// three months, appraised and declined, so the published track record has enough offers per
// category to show a figure, from rows in the database like any other, labelled as sample data on
// the page. They belong to a sample seller with no password (nobody signs in as them) and move no
// money: declined and returned, their offers are the demo's only trace.
import { guaranteeFloorCents, type ItemType, type SubmissionCategory } from '@assay/domain';
import { buildSubmission } from '../../db/factories.ts';

export const SAMPLE_SELLER = {
  name: 'Sample Seller',
  email: 'sample-seller@assay.example',
  firstName: 'Sample',
  lastName: 'Seller',
};

const DAY = 24 * 60 * 60 * 1000;

interface PastSale {
  category: SubmissionCategory;
  description: string;
  estimatedWeight: number;
  weightUnit: 'grams' | 'oz' | 'dwt' | 'carats';
  /** A named metal: the quote then carried a floor. */
  material?: ItemType;
  /** The final offer as a share of the quote's midpoint, in percent. */
  sharePercent: number;
  daysAgo: number;
}

const pastSales: readonly PastSale[] = [
  {
    category: 'jewelry',
    description: '14k gold hoop earrings',
    estimatedWeight: 6,
    weightUnit: 'grams',
    material: 'gold-14k',
    sharePercent: 97,
    daysAgo: 12,
  },
  {
    category: 'jewelry',
    description: '18k gold signet ring',
    estimatedWeight: 9,
    weightUnit: 'grams',
    material: 'gold-18k',
    sharePercent: 103,
    daysAgo: 23,
  },
  {
    category: 'jewelry',
    description: 'Sterling silver cuff bracelet',
    estimatedWeight: 38,
    weightUnit: 'grams',
    sharePercent: 88,
    daysAgo: 31,
  },
  {
    category: 'jewelry',
    description: '10k gold tennis bracelet',
    estimatedWeight: 11,
    weightUnit: 'grams',
    material: 'gold-10k',
    sharePercent: 94,
    daysAgo: 47,
  },
  {
    category: 'jewelry',
    description: '14k gold pendant and chain',
    estimatedWeight: 7.5,
    weightUnit: 'grams',
    material: 'gold-14k',
    sharePercent: 99,
    daysAgo: 66,
  },
  {
    category: 'scrap',
    description: 'Broken 14k chains, mixed',
    estimatedWeight: 21,
    weightUnit: 'grams',
    material: 'gold-14k',
    sharePercent: 101,
    daysAgo: 8,
  },
  {
    category: 'scrap',
    description: 'Sterling silver scrap, bent spoons',
    estimatedWeight: 12,
    weightUnit: 'oz',
    material: 'silver',
    sharePercent: 96,
    daysAgo: 19,
  },
  {
    category: 'scrap',
    description: '10k class ring scrap',
    estimatedWeight: 14,
    weightUnit: 'grams',
    material: 'gold-10k',
    sharePercent: 92,
    daysAgo: 35,
  },
  {
    category: 'scrap',
    description: 'Dental gold crowns',
    estimatedWeight: 5,
    weightUnit: 'dwt',
    material: 'gold-14k',
    sharePercent: 86,
    daysAgo: 52,
  },
  {
    category: 'scrap',
    description: 'Platinum wire offcuts',
    estimatedWeight: 8,
    weightUnit: 'grams',
    material: 'platinum',
    sharePercent: 98,
    daysAgo: 74,
  },
  {
    category: 'gems',
    description: 'Loose 0.7 ct round diamond',
    estimatedWeight: 0.7,
    weightUnit: 'carats',
    sharePercent: 91,
    daysAgo: 15,
  },
  {
    category: 'gems',
    description: 'Loose oval sapphire',
    estimatedWeight: 1.8,
    weightUnit: 'carats',
    sharePercent: 84,
    daysAgo: 27,
  },
  {
    category: 'gems',
    description: 'Pair of loose emeralds',
    estimatedWeight: 1.1,
    weightUnit: 'carats',
    sharePercent: 79,
    daysAgo: 40,
  },
  {
    category: 'gems',
    description: 'Loose 1.2 ct cushion diamond',
    estimatedWeight: 1.2,
    weightUnit: 'carats',
    sharePercent: 95,
    daysAgo: 58,
  },
  { category: 'gems', description: 'Loose ruby, 2 ct', estimatedWeight: 2, weightUnit: 'carats', sharePercent: 88, daysAgo: 81 },
];

/**
 * The past sales as submissions (returned, their offer declined), each with its final offer in
 * cents: `sharePercent` of its quote's midpoint, rounded to the dollar. A named metal carries the
 * floor createSubmission would have given it (`floorPercent` of the quote's low end).
 */
export function demoPastSales(sellerId: string, now: Date, floor: { floorPercent: number; goodwillCents: number } | null) {
  return pastSales.map((sale) => {
    // Received 30 h and offered 50 h after it was sent (buildSubmission): the offer is `daysAgo` old.
    const createdAt = new Date(now.getTime() - sale.daysAgo * DAY - 50 * 60 * 60 * 1000);
    const row = buildSubmission({
      userId: sellerId,
      category: sale.category,
      description: sale.description,
      estimatedWeight: sale.estimatedWeight,
      weightUnit: sale.weightUnit,
      status: 'returned',
      createdAt,
      finalOffer: '1',
    });
    const minCents = row.preliminaryQuoteMin!;
    const maxCents = row.preliminaryQuoteMax!;
    const offerCents = Math.round((((minCents + maxCents) / 2) * sale.sharePercent) / 100 / 100) * 100;
    const floorCents =
      floor && sale.material
        ? guaranteeFloorCents({
            material: sale.material,
            preliminaryQuoteMin: (minCents / 100).toFixed(2),
            floorPercent: floor.floorPercent,
          })
        : null;
    return {
      ...row,
      finalOffer: offerCents,
      material: sale.material ?? null,
      guaranteeFloor: floorCents,
      guaranteeGoodwill: floorCents === null ? null : floor!.goodwillCents,
      returnDeliveredAt: new Date(row.offeredAt!.getTime() + 5 * DAY),
    };
  });
}
