import { describe, expect, it } from 'vitest';
import { otherParcelsText } from './other-parcels';

describe('otherParcelsText', () => {
  it('says which parcel was downloaded and where the others are', () => {
    expect(otherParcelsText(2)).toBe("This is parcel 1 of 2: print the other label from the submission's Shipping section.");
    expect(otherParcelsText(3)).toBe("This is parcel 1 of 3: print the other 2 labels from the submission's Shipping section.");
  });
});
