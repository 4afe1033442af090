import { describe, expect, test } from 'vitest';
import {
  PHOTO_ADDABLE_STATUSES,
  StatusTransitionError,
  allowedNextStatuses,
  assertTransition,
  canAddPhotos,
  isOpenStatus,
  sellerPhotoMessages,
  sellerPhotosClosedReason,
  canTransition,
  isPendingStatus,
  pendingStatuses,
  statusBadgeLabel,
  statusTransitions,
  submissionStatusSchema,
  submissionTransitions,
  submissionStatuses,
  transitionErrorMessage,
} from './submission-status.ts';

describe('statuses', () => {
  test('are new, appraising, offered, completed, returning and returned', () => {
    expect(submissionStatuses).toEqual(['new', 'appraising', 'offered', 'completed', 'returning', 'returned']);
    expect(submissionStatusSchema.safeParse('draft').success).toBe(false);
  });

  test('pending means new or appraising', () => {
    expect(pendingStatuses).toEqual(['new', 'appraising']);
    expect(submissionStatuses.filter(isPendingStatus)).toEqual(['new', 'appraising']);
    expect(isPendingStatus(null)).toBe(false);
  });

  test('photos may be added until the parcel reaches us: only while new', () => {
    expect(PHOTO_ADDABLE_STATUSES).toEqual(['new']);
    expect(submissionStatuses.filter(canAddPhotos)).toEqual(['new']);
    expect(canAddPhotos('draft')).toBe(false);
    expect(canAddPhotos(null)).toBe(false);
    expect(canAddPhotos('')).toBe(false);
  });

  test('says why photos are closed: the parcel received, or the submission over', () => {
    expect(sellerPhotosClosedReason('new')).toBeNull();
    expect(sellerPhotosClosedReason('appraising')).toBe(sellerPhotoMessages.received);
    expect(sellerPhotosClosedReason('offered')).toBe(
      'We have received your parcel, so photos can no longer be added: our appraiser photographed your items as we opened the parcel.',
    );
    expect(sellerPhotosClosedReason('completed')).toBe('Photos can only be added before your parcel reaches us.');
  });

  test('an appraiser can act on new, appraising and offered submissions', () => {
    expect(submissionStatuses.filter(isOpenStatus)).toEqual(['new', 'appraising', 'offered']);
  });
});

describe('status machine (DECISIONS "Submissions and their life")', () => {
  const allowed = new Set([
    'new>appraising',
    'new>offered',
    'new>returned',
    'appraising>offered',
    'appraising>returning',
    'offered>completed',
    'offered>returning',
    'returning>returned',
  ]);
  const pairs = submissionStatuses.flatMap((from) => submissionStatuses.map((to) => [from, to] as const));

  test.each(pairs)('%s -> %s', (from, to) => {
    const expected = allowed.has(`${from}>${to}`);
    expect(canTransition(from, to)).toBe(expected);
    if (expected) expect(() => assertTransition(from, to)).not.toThrow();
    else expect(() => assertTransition(from, to)).toThrow(StatusTransitionError);
  });

  test('unknown statuses never transition', () => {
    expect(canTransition('draft', 'new')).toBe(false);
    expect(canTransition('new', 'draft')).toBe(false);
    expect(allowedNextStatuses('draft')).toEqual([]);
    expect(allowedNextStatuses('new')).toEqual(['appraising', 'offered', 'returned']);
  });

  test('the refusal carries both statuses and a sentence', () => {
    try {
      assertTransition('completed', 'returned');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(StatusTransitionError);
      expect(error).toMatchObject({
        from: 'completed',
        to: 'returned',
        name: 'StatusTransitionError',
        message: 'A submission that is "Completed" cannot be moved to "Returned".',
      });
    }
    expect(transitionErrorMessage('offered', 'offered')).toBe('This submission is already "Offer Ready".');
  });
});

describe('status badge (SPEC 4 table), one test per row', () => {
  test.each([
    ['new', 'New'],
    ['appraising', 'Appraising'],
    ['offered', 'Offer Ready'],
    ['completed', 'Completed'],
    ['returning', 'Returning'],
    ['returned', 'Returned'],
    ['on-hold', 'on-hold'],
    ['', 'Unknown'],
    [null, 'Unknown'],
    [undefined, 'Unknown'],
  ])('%j -> %j', (status, label) => {
    expect(statusBadgeLabel(status)).toBe(label);
  });
});

describe('named transitions (the one source of the status machine)', () => {
  test('each transition: where it starts, where it ends, who fires it', () => {
    expect(submissionTransitions).toEqual({
      receive: { from: ['new'], to: 'appraising', by: 'appraiser' },
      offer: { from: ['new', 'appraising'], to: 'offered', by: 'appraiser' },
      acceptAndPay: { from: ['offered'], to: 'completed', by: 'owner' },
      decline: { from: ['offered'], to: 'returning', by: 'owner' },
      return: { from: ['appraising', 'offered'], to: 'returning', by: 'appraiser' },
      closeUnreceived: { from: ['new'], to: 'returned', by: 'appraiser' },
      markReturnDelivered: { from: ['returning'], to: 'returned', by: 'appraiser' },
    });
  });

  test('the derived table: an item Assay holds goes back through returning; a parcel that never came closes at once', () => {
    expect(statusTransitions).toEqual({
      new: ['appraising', 'offered', 'returned'],
      appraising: ['offered', 'returning'],
      offered: ['completed', 'returning'],
      completed: [],
      returning: ['returned'],
      returned: [],
    });
  });

  test.each(Object.entries(submissionTransitions))(
    '%s is allowed from each of its statuses and never to where it starts',
    (_, t) => {
      for (const from of submissionStatuses) {
        if ((t.from as readonly string[]).includes(from)) expect(canTransition(from, t.to)).toBe(true);
      }
      expect(t.from).not.toContain(t.to);
    },
  );
});
