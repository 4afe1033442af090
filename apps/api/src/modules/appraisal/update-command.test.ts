import { describe, expect, it } from 'vitest';
import { updateCommandOf } from './update-command.ts';

describe('updateCommandOf: what a PUT /api/submissions/{id} body means', () => {
  it('is an offer with status offered, or with offer fields and no status', () => {
    expect(updateCommandOf({ status: 'offered', finalOffer: '120.00', actualWeight: 3 })).toEqual({
      name: 'offer',
      finalOffer: '120.00',
      actualWeight: 3,
    });
    expect(updateCommandOf({ finalOffer: '120.00', actualWeight: 3 })).toMatchObject({ name: 'offer' });
  });

  it('is an itemised offer when the body has offer lines (the total and weight optional)', () => {
    const offerLines = [] as unknown as NonNullable<Parameters<typeof updateCommandOf>[0]['offerLines']>;
    expect(updateCommandOf({ status: 'offered', offerLines })).toEqual({ name: 'itemisedOffer', offerLines });
    expect(updateCommandOf({ offerLines, finalOffer: '12.00' })).toEqual({
      name: 'itemisedOffer',
      offerLines,
      finalOffer: '12.00',
    });
  });

  it('is receive (with its intake photos), return, mark returned, or a notes edit without a status', () => {
    expect(updateCommandOf({ status: 'appraising' })).toEqual({ name: 'receive', intakePhotoIds: [] });
    expect(updateCommandOf({ status: 'appraising', intakePhotoIds: ['p1', 'p2'] })).toEqual({
      name: 'receive',
      intakePhotoIds: ['p1', 'p2'],
    });
    expect(updateCommandOf({ status: 'returning', adminNotes: 'x' })).toEqual({ name: 'return' });
    expect(updateCommandOf({ status: 'returned' })).toEqual({ name: 'markReturned' });
    expect(updateCommandOf({ adminNotes: 'hallmark 585' })).toEqual({ name: 'editNotes' });
  });

  it('refuses intake photos with anything but receiving', () => {
    expect(() => updateCommandOf({ status: 'returning', intakePhotoIds: ['p1'] })).toThrow(/marking a parcel received/);
    expect(() => updateCommandOf({ adminNotes: 'x', intakePhotoIds: ['p1'] })).toThrow(/marking a parcel received/);
  });

  it('names the moves an appraiser may not make here', () => {
    expect(updateCommandOf({ status: 'completed' })).toEqual({ name: 'refuseMove', to: 'completed' });
    expect(updateCommandOf({ status: 'new' })).toEqual({ name: 'refuseMove', to: 'new' });
  });

  it('refuses offer fields with another status, and an offer missing a field', () => {
    expect(() => updateCommandOf({ status: 'returned', finalOffer: '1.00' })).toThrow(/only be sent with status "offered"/);
    expect(() => updateCommandOf({ status: 'offered', finalOffer: '1.00' })).toThrow();
    expect(() => updateCommandOf({ actualWeight: 2 })).toThrow();
  });
});
