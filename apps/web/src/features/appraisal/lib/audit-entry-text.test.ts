import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditChangeLines, auditReturnLabelUrl, auditStatusChange } from './audit-entry-text';

describe('audit entry text', () => {
  it('names known actions and keeps unknown ones readable', () => {
    expect(auditActionLabel('received')).toBe('Parcel received');
    expect(auditActionLabel('offer_submitted')).toBe('Offer submitted');
    expect(auditActionLabel('label_voided')).toBe('label voided');
  });

  it('shows money as dollars, flags as yes/no and unknown fields raw', () => {
    expect(auditChangeLines({ finalOffer: '1250.5', actualWeight: 10.25, requiresKyc: true, colour: 'gold' })).toEqual([
      'Final offer: $1,250.50',
      'Actual weight: 10.25',
      'ID check required: yes',
      'colour: gold',
    ]);
    expect(auditChangeLines(null)).toEqual([]);
    expect(auditChangeLines({ reason: null })).toEqual(['Reason: —']);
  });

  it('reads a bench test as its method, instrument and result, without the ids', () => {
    expect(
      auditChangeLines({
        testId: 't-1',
        lineId: 'l-1',
        testMethod: 'xrf',
        instrumentId: 'i-1',
        instrumentName: 'Niton XL2',
        summary: 'XRF: Au 58.4%',
      }),
    ).toEqual(['Method: xrf', 'Instrument: Niton XL2', 'Result: XRF: Au 58.4%']);
    expect(auditActionLabel('bench_test_recorded')).toBe('Item tested on the bench');
  });

  it('hides the return label id but links its PDF', () => {
    const changes = { returnLabelId: 'lbl-1', trackingNumber: '1Z999', insuredValue: '420.00', freeReturn: true };
    expect(auditChangeLines(changes)).toEqual(['Tracking number: 1Z999', 'Insured for: $420.00', 'Free return shipping: yes']);
    expect(auditReturnLabelUrl(changes)).toBe('/api/shipping/labels/lbl-1/pdf');
    expect(auditReturnLabelUrl({ reason: 'x' })).toBeNull();
    expect(auditReturnLabelUrl(null)).toBeNull();
  });

  it("reads a carrier's tracking entry as its one sentence and the tracking number", () => {
    const changes = {
      labelId: 'lbl-1',
      direction: 'inbound',
      trackingNumber: '9405500000000000000001',
      carrier: 'USPS',
      trackingStatus: 'in_transit',
      trackingMessage: 'Arrived at USPS Regional Facility',
      trackingLocation: 'Memphis TN',
      occurredAt: '2030-11-23T14:05:00.000Z',
    };
    expect(auditChangeLines(changes)).toEqual([
      'In transit: Arrived at USPS Regional Facility, Memphis TN, Nov 23',
      'Tracking number: 9405500000000000000001',
    ]);
  });

  it('names a check by its number, not its id', () => {
    expect(auditChangeLines({ checkId: 'chk-1', checkNumber: 1001, mailedOn: '2030-01-05', reason: 'never arrived' })).toEqual([
      'Check number: 1001',
      'Mailed on: 2030-01-05',
      'Reason: never arrived',
    ]);
  });

  it('describes a status move, and nothing when it stayed', () => {
    expect(auditStatusChange('new', 'appraising')).toBe('New → Appraising');
    expect(auditStatusChange(null, 'new')).toBe('New');
    expect(auditStatusChange('offered', 'offered')).toBeNull();
    expect(auditStatusChange('offered', null)).toBeNull();
  });
});
