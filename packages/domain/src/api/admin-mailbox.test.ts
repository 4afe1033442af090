import { describe, expect, test } from 'vitest';
import {
  adminSubmissionListQuerySchema,
  adminSubmissionSchema,
  adminUpdateSubmissionSchema,
  mailboxSearchMessage,
  submissionCountsSchema,
} from './admin-mailbox.ts';

const issues = (
  schema: { safeParse(v: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  input: unknown,
) => schema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('adminSubmissionListQuerySchema', () => {
  test('defaults to 25 newest of everything', () => {
    expect(adminSubmissionListQuerySchema.parse({})).toEqual({ limit: 25 });
  });

  test('a search is a short id, a whole id or a tracking number; spaces and # are dropped', () => {
    expect(adminSubmissionListQuerySchema.parse({ search: ' #1A2b3c4d ' })).toEqual({ limit: 25, search: '1A2b3c4d' });
    expect(adminSubmissionListQuerySchema.parse({ search: 'ASY 4006 3813 3393 1' })).toEqual({
      limit: 25,
      search: 'ASY4006381333931',
    });
    expect(adminSubmissionListQuerySchema.parse({ search: '   ' })).toEqual({ limit: 25 });
    for (const bad of ['ab', "1a2b'; drop table", 'x'.repeat(61), '#']) {
      const result = adminSubmissionListQuerySchema.safeParse({ search: bad });
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(mailboxSearchMessage);
    }
  });

  test('reads the query string: filters, cursor and a numeric limit', () => {
    expect(adminSubmissionListQuerySchema.parse({ status: 'new', category: 'gems', cursor: 'abc', limit: '100' })).toEqual({
      status: 'new',
      category: 'gems',
      cursor: 'abc',
      limit: 100,
    });
  });

  test('an empty filter means no filter', () => {
    expect(adminSubmissionListQuerySchema.parse({ status: '', category: ' ', cursor: '', limit: '' })).toEqual({ limit: 25 });
  });

  test.each([
    [{ status: 'done' }, 'status', 'Status must be one of new, appraising, offered, completed or returned.'],
    [{ category: 'coins' }, 'category', 'Category must be one of jewelry, scrap or gems.'],
    [{ limit: '0' }, 'limit', 'limit must be a whole number from 1 to 100.'],
    [{ limit: '101' }, 'limit', 'limit must be a whole number from 1 to 100.'],
    [{ limit: '2.5' }, 'limit', 'limit must be a whole number from 1 to 100.'],
    [{ limit: 'ten' }, 'limit', 'limit must be a whole number from 1 to 100.'],
    [{ cursor: 'x'.repeat(401) }, 'cursor', 'This page link is no longer valid.'],
  ])('%j -> %s: %s', (input, path, message) => {
    expect(issues(adminSubmissionListQuerySchema, input)).toEqual([[path, message]]);
  });
});

describe('adminUpdateSubmissionSchema', () => {
  test('is SPEC 7 body plus an optional version', () => {
    expect(
      adminUpdateSubmissionSchema.parse({
        finalOffer: '1250.5',
        actualWeight: '12.4',
        adminNotes: ' ok ',
        status: 'offered',
        version: 3,
      }),
    ).toEqual({ finalOffer: '1250.50', actualWeight: 12.4, adminNotes: 'ok', status: 'offered', version: 3 });
    expect(adminUpdateSubmissionSchema.parse({ adminNotes: 'x' })).toEqual({ adminNotes: 'x' });
  });

  test('keeps the offer rules of updateSubmissionSchema', () => {
    expect(issues(adminUpdateSubmissionSchema, { status: 'offered', version: 1 })).toEqual([
      ['finalOffer', 'Please enter final offer and actual weight'],
      ['actualWeight', 'Please enter final offer and actual weight'],
    ]);
    expect(issues(adminUpdateSubmissionSchema, { version: 1 })).toEqual([
      ['', 'Nothing to update: send a final offer, actual weight, notes or status.'],
    ]);
  });

  test.each([0, -1, 1.5, '2', null])('version %j is refused', (version) => {
    expect(issues(adminUpdateSubmissionSchema, { adminNotes: 'x', version })).toEqual([
      ['version', 'version must be the whole number the submission was loaded with.'],
    ]);
  });
});

describe('answers', () => {
  const item = {
    id: 's1',
    userId: 'u-1234',
    category: 'jewelry',
    description: 'ring',
    estimatedWeight: 12.5,
    weightUnit: 'grams',
    images: ['/api/objects/i1'],
    preliminaryQuoteMin: '450.00',
    preliminaryQuoteMax: '675.00',
    material: null,
    quoteBasis: null,
    insuredValue: '675.00',
    finalOffer: null,
    actualWeight: null,
    status: 'new',
    guaranteeDeadline: '2026-01-03T00:00:00.000Z',
    requiresKyc: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    adminNotes: null,
    customerLabel: 'Customer #1234',
    nearingDeadline: false,
    version: 1,
    receivedAt: null,
    offeredAt: null,
    consignmentRequestedAt: null,
  };

  test('an admin item needs the card extras, and adminNotes is always present', () => {
    expect(adminSubmissionSchema.parse(item)).toEqual(item);
    const { adminNotes: _notes, ...withoutNotes } = item;
    expect(adminSubmissionSchema.safeParse(withoutNotes).success).toBe(false);
    const { version: _version, ...withoutVersion } = item;
    expect(adminSubmissionSchema.safeParse(withoutVersion).success).toBe(false);
  });

  test('counts have every card and tab', () => {
    const counts = {
      new: 1,
      nearingDeadline: 0,
      appraising: 2,
      kycRequired: 0,
      total: 3,
      byCategory: { all: 3, scrap: 1, gems: 1, jewelry: 1 },
    };
    expect(submissionCountsSchema.parse(counts)).toEqual(counts);
    expect(submissionCountsSchema.safeParse({ ...counts, byCategory: { all: 3 } }).success).toBe(false);
  });
});
