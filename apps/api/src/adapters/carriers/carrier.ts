// One interface for every shipping carrier, so the shipping module never knows which one is
// configured (DECISIONS "Shipping labels": without a carrier account the label is a sample, clearly
// marked not valid for postage; a real carrier plugs in here the way payout providers do).
import type { LabelDirection, ShippingAddress } from '@assay/domain';

export interface CarrierLabelRequest {
  direction: LabelDirection;
  sender: ShippingAddress;
  receiver: ShippingAddress;
  /** Declared value to insure the parcel for, integer cents. */
  insuredValueCents: number;
  /** Our reference for the parcel (the submission id), for the carrier's records. */
  reference: string;
}

export interface CarrierLabel {
  /** Printed on the label and stored with it ('Assay Sample' for the sample carrier). */
  carrier: string;
  /** Unique across all labels; printed as a Code 128 barcode. */
  trackingNumber: string;
  /** False means the PDF must say it is not valid for postage. */
  validForPostage: boolean;
}

export interface CarrierAdapter {
  /** The CARRIER setting that selected it. */
  readonly provider: string;
  /**
   * Registers one parcel with the carrier. A real carrier buys postage here, so the shipping
   * service calls it at most once per label, while holding the submission's row lock.
   */
  createLabel(request: CarrierLabelRequest): Promise<CarrierLabel>;
}
