// One interface for every shipping carrier, so the shipping module never knows which one is
// configured (DECISIONS "Shipping labels": without a carrier account the label is a sample, clearly
// marked not valid for postage; a real carrier plugs in here the way payout providers do).
import type { LabelDirection, ShippingAddress } from '@assay/domain';
import type { TrackerState } from './easypost-webhooks.ts';

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
  // What a real carrier adds (the sample carrier leaves them out): enough to find the shipment
  // again at the carrier, print the carrier's own label, and show what was paid and insured.
  /** The carrier's id for the shipment (EasyPost: 'shp_...'). */
  shipmentId?: string;
  /** The carrier's printable label: a 4x6 PNG, fetched with fetchLabelImage. */
  labelUrl?: string;
  /** The service bought, as the carrier names it ('GroundAdvantage', 'Priority'). */
  service?: string;
  /** The postage, integer cents. A pay-on-scan label's postage is charged only once it is scanned. */
  rateCents?: number;
  /** True for an inbound label bought as a return label: nothing is paid unless it is used. */
  payOnScan?: boolean;
  /**
   * What the carrier confirms the parcel is insured for, integer cents. Less than the request's
   * insuredValueCents means the insurance did not go through: the label must not be handed out
   * as insured.
   */
  insuredCents?: number;
}

export interface CarrierAdapter {
  /** The CARRIER setting that selected it. */
  readonly provider: string;
  /**
   * Registers one parcel with the carrier. A real carrier buys postage here, so the shipping
   * service calls it at most once per label, while holding the submission's row lock.
   */
  createLabel(request: CarrierLabelRequest): Promise<CarrierLabel>;
  /**
   * The PNG at a label's labelUrl, checked to be one. Only carriers that answer a labelUrl have it;
   * the sample carrier's label is drawn by us.
   */
  fetchLabelImage?(labelUrl: string): Promise<Buffer>;
  /**
   * The parcel's tracker as the carrier holds it now (EasyPost: GET /v2/trackers/{id}), so a
   * tracking event that would move a submission is applied as the carrier reports it, never as its
   * body says (decision 023). Null when the carrier does not know the tracker or it has no news.
   * Only carriers that send tracking webhooks have it.
   */
  fetchTracker?(trackerId: string): Promise<TrackerState | null>;
}

/**
 * What a carrier's failure tells its caller, whichever carrier it is (EasyPostError has these): the
 * callers that buy postage answer by it without knowing the carrier.
 */
export interface CarrierFailure {
  readonly message: string;
  /** True when asking again later cannot buy a second label: nothing was bought. */
  readonly retrySafe: boolean;
  /** 'address_invalid' when the carrier refused an address; 'purchase_unknown' when a label may exist. */
  readonly kind: string;
  /** The carrier's shipment, once one was created. */
  readonly shipmentId: string | null;
}

export function carrierFailureOf(error: unknown): CarrierFailure | null {
  if (!(error instanceof Error)) return null;
  const e = error as Error & Partial<Record<keyof CarrierFailure, unknown>>;
  if (typeof e.retrySafe !== 'boolean' || typeof e.kind !== 'string') return null;
  return {
    message: e.message,
    retrySafe: e.retrySafe,
    kind: e.kind,
    shipmentId: typeof e.shipmentId === 'string' ? e.shipmentId : null,
  };
}
