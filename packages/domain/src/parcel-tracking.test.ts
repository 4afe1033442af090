import { describe, expect, test } from 'vitest';
import {
  awaitsIntake,
  isTrackingNews,
  parcelStateText,
  trackingAuditAction,
  trackingEventText,
  trackingLocation,
} from './parcel-tracking.ts';
import { isAuditAction } from './audit-actions.ts';

const at = (iso: string) => new Date(iso);

describe('tracking entries', () => {
  test('the label purchase wrote its own entry, so pre-transit (label created) writes none', () => {
    expect(trackingAuditAction('label_created')).toBeNull();
    for (const status of ['in_transit', 'out_for_delivery', 'delivered', 'returned_to_sender', 'failure'] as const) {
      expect(isAuditAction(trackingAuditAction(status)!)).toBe(true);
    }
  });

  test('a new state is news; the same state again, an older scan or pre-transit is not', () => {
    const inTransit = { status: 'in_transit' as const, occurredAt: at('2026-11-23T14:00:00Z') };
    expect(isTrackingNews(inTransit, null)).toBe(true);
    expect(isTrackingNews({ ...inTransit, occurredAt: at('2026-11-23T20:00:00Z') }, inTransit)).toBe(false);
    const delivered = { status: 'delivered' as const, occurredAt: at('2026-11-24T10:00:00Z') };
    expect(isTrackingNews(delivered, inTransit)).toBe(true);
    // In transit arriving after delivered (a late scan): stored, not news.
    expect(isTrackingNews(inTransit, delivered)).toBe(false);
    expect(isTrackingNews({ status: 'label_created', occurredAt: at('2026-11-22T10:00:00Z') }, null)).toBe(false);
  });

  test('the sentence: state, the carrier words (shouting made readable), where, the day', () => {
    expect(
      trackingEventText({
        status: 'in_transit',
        message: 'Arrived at USPS facility',
        location: 'Memphis TN',
        at: at('2026-11-23T14:00:00Z'),
      }),
    ).toBe('In transit: Arrived at USPS facility, Memphis TN, Nov 23');
    expect(trackingEventText({ status: 'delivered', message: 'DELIVERED TO USPS PO BOX', at: at('2026-11-24T01:00:00Z') })).toBe(
      'Delivered: Delivered to USPS PO box, Nov 24',
    );
    expect(trackingEventText({ status: 'failure', message: '  ', location: null, at: at('2026-11-24T01:00:00Z') })).toBe(
      'Delivery problem: Nov 24',
    );
    expect(trackingLocation('Memphis', 'TN')).toBe('Memphis TN');
    expect(trackingLocation(null, ' ')).toBeNull();
  });

  test('delivered to us while the submission is new: awaiting intake', () => {
    expect(parcelStateText('delivered', 'new')).toBe('Delivered, awaiting intake');
    expect(awaitsIntake('delivered', 'new')).toBe(true);
    expect(parcelStateText('delivered', 'appraising')).toBe('Delivered');
    expect(awaitsIntake('delivered', 'appraising')).toBe(false);
    expect(parcelStateText('in_transit', 'new')).toBe('In transit');
  });
});
