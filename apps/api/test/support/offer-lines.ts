// The itemised offer line the route tests send: 10 g of 14k gold at $100/g, 85% paid.
export const goldLine = {
  description: '14k rope chain',
  material: 'gold-14k',
  weight: '10',
  weightUnit: 'grams',
  purityPercent: '58.5',
  testMethod: 'xrf',
  referencePrice: '100',
  referenceUnit: 'gram',
  priceSource: 'gold-api.com',
  pricedAt: '2026-03-10T12:00:00.000Z',
  percentPaid: '85',
  // 100 x 10 x 0.585 x 0.85
  amount: '497.25',
};
