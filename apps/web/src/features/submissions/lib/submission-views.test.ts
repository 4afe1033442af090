import { describe, expect, it } from 'vitest';
import { nextStepText } from './submission-views';

describe('nextStepText', () => {
  it('asks a new submission for its parcel until the carrier reports it', () => {
    expect(nextStepText({ status: 'new', finalOffer: null })).toBe(
      'Next: print your prepaid, insured label and send us your item.',
    );
    expect(nextStepText({ status: 'new', finalOffer: null, parcel: null })).toBe(
      'Next: print your prepaid, insured label and send us your item.',
    );
  });

  it("follows the carrier's word on the parcel before intake", () => {
    expect(nextStepText({ status: 'new', finalOffer: null, parcel: { status: 'in_transit' } })).toBe(
      'Your parcel is on its way to us.',
    );
    expect(nextStepText({ status: 'new', finalOffer: null, parcel: { status: 'out_for_delivery' } })).toBe(
      'Your parcel is on its way to us.',
    );
    expect(nextStepText({ status: 'new', finalOffer: null, parcel: { status: 'delivered' } })).toBe(
      'Your parcel has reached us. Our appraiser opens it next.',
    );
  });

  it('once received, the status speaks, whatever the carrier said', () => {
    expect(nextStepText({ status: 'appraising', finalOffer: null, parcel: { status: 'delivered' } })).toBe(
      'We have your item. An expert is appraising it now.',
    );
  });
});
