import { describe, expect, test } from 'vitest';
import { addSubmissionImagesSchema, requiredSubmissionFieldsMessage, submissionDetailSchema } from './submission-detail.ts';

describe('requiredSubmissionFieldsMessage', () => {
  const full = { category: 'jewelry', description: 'Ring', estimatedWeight: 3 };

  test('null when category, description and weight are all there', () => {
    expect(requiredSubmissionFieldsMessage(full)).toBeNull();
    // Values are the schema's business: a zero weight is present, just not valid.
    expect(requiredSubmissionFieldsMessage({ ...full, estimatedWeight: 0 })).toBeNull();
  });

  test.each([
    ['category', undefined],
    ['category', ''],
    ['description', '   '],
    ['description', null],
    ['estimatedWeight', undefined],
    ['estimatedWeight', ''],
    ['estimatedWeight', null],
  ])('SPEC 5 sentence when %s is %j', (key, value) => {
    expect(requiredSubmissionFieldsMessage({ ...full, [key]: value })).toBe('Please fill in all required fields');
  });

  test.each([[undefined], [null], ['text'], [[1, 2]]])('SPEC 5 sentence for a body %j', (body) => {
    expect(requiredSubmissionFieldsMessage(body)).toBe('Please fill in all required fields');
  });
});

describe('addSubmissionImagesSchema', () => {
  test('one to four distinct photos', () => {
    expect(addSubmissionImagesSchema.parse({ images: [' a ', '/api/objects/b'] })).toEqual({ images: ['a', '/api/objects/b'] });
  });

  test.each([
    [{ images: [] }, 'Please add at least one photo.'],
    [{ images: ['a', 'b', 'c', 'd', 'e'] }, 'You can add at most 4 photos.'],
    [{ images: ['a', 'a'] }, 'Each photo can only be added once.'],
    [{ images: 'a' }, 'Photos must be a list of uploaded image addresses.'],
    [{}, 'Photos must be a list of uploaded image addresses.'],
  ])('refuses %j', (body, message) => {
    expect(addSubmissionImagesSchema.safeParse(body).error?.issues.map((i) => i.message)).toEqual([message]);
  });
});

test('a detail is a submission with its timeline, labels, payout and consignment request', () => {
  const detail = {
    id: 's1',
    userId: 'u1',
    category: 'jewelry',
    description: 'Ring',
    estimatedWeight: 3,
    weightUnit: 'grams',
    images: ['/api/objects/i1'],
    preliminaryQuoteMin: '108',
    preliminaryQuoteMax: '162',
    material: null,
    quoteBasis: null,
    insuredValue: '162',
    finalOffer: null,
    actualWeight: null,
    status: 'new',
    guaranteeDeadline: '2025-01-03T00:00:00.000Z',
    requiresKyc: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    timeline: [{ at: '2025-01-01T00:00:00.000Z', action: 'created', fromStatus: null, toStatus: 'new', label: 'Submitted' }],
    label: { id: 'l1', trackingNumber: '9400', direction: 'inbound' },
    parcels: [{ id: 'l1', trackingNumber: '9400', parcelNumber: 1, insuredValue: '162.00' }],
    returnLabel: null,
    parcel: null,
    transaction: null,
    freeReturn: null,
    consignmentRequestedAt: null,
    offer: null,
    previousOffers: [],
  };
  expect(submissionDetailSchema.parse(detail)).toEqual(detail);
  expect(submissionDetailSchema.safeParse({ ...detail, timeline: undefined }).success).toBe(false);
});
