// A real carrier through EasyPost (CARRIER=easypost): create a shipment, take the cheapest rate of
// the configured carrier and service, buy it insured for the declared value, answer the tracking
// code. Shapes from EasyPost's documentation:
// - create: POST /v2/shipments {shipment: {to_address, from_address, parcel, options, reference,
//   is_return}}, answered with the Shipment and its rates [{id, carrier, service, rate, currency}]
//   and carriers' rate errors in messages [{carrier, message}]
//   (https://docs.easypost.com/docs/shipments, https://docs.easypost.com/docs/shipments/messages);
// - buy: POST /v2/shipments/{id}/buy {rate: {id}, insurance: "1250.00"}, answered with the
//   Shipment now holding tracking_code, postage_label {label_url, label_pdf_url}, selected_rate,
//   tracker and insurance (https://docs.easypost.com/docs/shipments#buy-a-shipment);
// - insure afterwards: POST /v2/shipments/{id}/insure {amount}
//   (https://docs.easypost.com/docs/shipments/shipping-insurance);
// - retrieve: GET /v2/shipments/{id}.
// Inbound labels are return labels: "set the is_return parameter to true, leave the addresses the
// same as the initial Shipment's creation request and we switch the to_address and from_address"
// (https://docs.easypost.com/docs/shipments/returns); EasyPost's return labels are scan-based, paid
// only when the carrier scans them (https://support.easypost.com/hc/en-us/articles/22057418137741-Returns;
// with EasyPost's own "wallet" carrier accounts the label is billed when bought).
import {
  centsToDecimalString,
  dollarsToCents,
  parseExactDecimal,
  roundExact,
  type ShippingAddress,
  toExactDecimal,
} from '@assay/domain';
import { z } from 'zod';
import type { CarrierAdapter, CarrierLabel, CarrierLabelRequest } from './carrier.ts';
import { isTimeout, readCappedBytes } from '../http-answers.ts';
import { EASYPOST_DEFAULT_TIMEOUT_MS, EasyPostClient, type EasyPostClientOptions, EasyPostError } from './easypost-client.ts';
import { readTracker, type TrackerState } from './easypost-webhooks.ts';

/** A 4x6 label at 300 dpi is some tens of KB; far more is not a label. */
const MAX_LABEL_IMAGE_BYTES = 5 * 1024 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function isPng(bytes: Buffer): boolean {
  return bytes.length > 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE);
}

/** Inches and ounces, as EasyPost's Parcel takes them. */
export interface EasyPostParcel {
  length: number;
  width: number;
  height: number;
  weight: number;
}

/** The mailer sellers are asked to use: a small box, a pound with its contents. */
export const DEFAULT_PARCEL: EasyPostParcel = { length: 8, width: 6, height: 4, weight: 16 };

export interface EasyPostCarrierOptions extends EasyPostClientOptions {
  /** Only rates of this carrier are bought ('USPS'); compared without regard to case. */
  carrier: string;
  /** Only rates of this service ('GroundAdvantage', 'Priority'); unset: the carrier's cheapest. */
  service?: string;
  parcel?: EasyPostParcel;
}

const rateSchema = z.object({
  id: z.string().min(1),
  carrier: z.string(),
  service: z.string(),
  rate: z.string(),
  currency: z.string().nullish(),
});
type EasyPostRate = z.infer<typeof rateSchema>;

const shipmentSchema = z.object({
  id: z.string().min(1),
  rates: z.array(z.unknown()).nullish(),
  messages: z.array(z.unknown()).nullish(),
  tracking_code: z.string().nullish(),
  postage_label: z.object({ label_url: z.string().nullish(), label_pdf_url: z.string().nullish() }).nullish(),
  selected_rate: rateSchema.nullish(),
  insurance: z.union([z.string(), z.number()]).nullish(),
});
type EasyPostShipment = z.infer<typeof shipmentSchema>;

interface PurchasedShipment extends EasyPostShipment {
  tracking_code: string;
}

function easyPostAddress(address: ShippingAddress) {
  return {
    name: address.name,
    street1: address.line1,
    ...(address.line2 ? { street2: address.line2 } : {}),
    city: address.city,
    state: address.state,
    zip: address.postalCode,
    country: 'US',
    ...(address.phone ? { phone: address.phone } : {}),
  };
}

/**
 * Our directions in EasyPost's terms. An inbound parcel (seller -> Assay) is a return label: the
 * addresses go as for the outbound trip (Assay -> seller) and EasyPost swaps them. Our 'return'
 * (Assay sends the items back) is an ordinary outbound shipment.
 */
export function shipmentAddresses(request: CarrierLabelRequest) {
  if (request.direction === 'inbound') {
    return { to_address: easyPostAddress(request.sender), from_address: easyPostAddress(request.receiver), is_return: true };
  }
  return { to_address: easyPostAddress(request.receiver), from_address: easyPostAddress(request.sender), is_return: false };
}

/** EasyPost amounts are decimal strings ("7.58"; insurance may carry sub-cent digits). */
function amountToCents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const exact = typeof value === 'number' ? toExactDecimal(value) : parseExactDecimal(value);
  if (!exact || exact.units < 0n) return null;
  const cents = roundExact(exact, 2).units;
  return cents > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(cents);
}

function parseShipment(json: unknown, what: string): EasyPostShipment {
  const parsed = shipmentSchema.safeParse(json);
  if (!parsed.success) throw new EasyPostError('bad_answer', `EasyPost answered ${what} without a shipment`, { retrySafe: true });
  return parsed.data;
}

function isPurchased(shipment: EasyPostShipment): shipment is PurchasedShipment {
  return Boolean(shipment.tracking_code);
}

function carrierMessages(shipment: EasyPostShipment): string[] {
  return (shipment.messages ?? []).flatMap((m) => {
    if (!m || typeof m !== 'object') return [];
    const { carrier, message } = m as { carrier?: unknown; message?: unknown };
    return typeof message === 'string' && message ? [typeof carrier === 'string' ? `${carrier}: ${message}` : message] : [];
  });
}

export class EasyPostCarrier implements CarrierAdapter {
  readonly provider = 'easypost';
  private readonly client: EasyPostClient;
  private readonly carrier: string;
  private readonly service: string | undefined;
  private readonly parcel: EasyPostParcel;
  private readonly timeoutMs: number;

  constructor(options: EasyPostCarrierOptions) {
    if (!options.carrier.trim()) throw new Error('EasyPost needs a carrier to buy from (EASYPOST_CARRIER).');
    this.client = new EasyPostClient(options);
    this.carrier = options.carrier.trim();
    this.service = options.service?.trim() || undefined;
    this.parcel = options.parcel ?? DEFAULT_PARCEL;
    this.timeoutMs = options.timeoutMs ?? EASYPOST_DEFAULT_TIMEOUT_MS;
  }

  async fetchTracker(trackerId: string): Promise<TrackerState | null> {
    try {
      return readTracker(await this.client.get(`/trackers/${encodeURIComponent(trackerId)}`));
    } catch (error) {
      if (error instanceof EasyPostError && error.status === 404) return null;
      throw error;
    }
  }

  async createLabel(request: CarrierLabelRequest): Promise<CarrierLabel> {
    if (!Number.isSafeInteger(request.insuredValueCents) || request.insuredValueCents < 0) {
      throw new RangeError('The insured value must be whole cents, zero or more.');
    }
    const shipment = parseShipment(
      await this.client.post('/shipments', {
        shipment: {
          ...shipmentAddresses(request),
          parcel: this.parcel,
          reference: request.reference,
          // The 4x6 label as a PNG: page 1 of our label PDF is this image, page 2 the packing slip.
          options: { label_format: 'PNG' },
        },
      }),
      'the new shipment',
    );
    const rate = this.cheapestRate(shipment);
    const bought = await this.buy(shipment.id, rate, request.insuredValueCents);
    let insuredCents = amountToCents(bought.insurance) ?? 0;
    if (insuredCents < request.insuredValueCents) {
      insuredCents = await this.insureAfterPurchase(bought.id, request.insuredValueCents, insuredCents);
    }
    const selected = bought.selected_rate ?? rate;
    return {
      carrier: selected.carrier,
      trackingNumber: bought.tracking_code,
      validForPostage: true,
      shipmentId: bought.id,
      labelUrl: bought.postage_label?.label_url ?? undefined,
      service: selected.service,
      rateCents: dollarsToCents(selected.rate) ?? amountToCents(selected.rate) ?? undefined,
      payOnScan: request.direction === 'inbound',
      insuredCents,
    };
  }

  /**
   * The label image EasyPost stored for a purchase (postage_label.label_url, a public file URL, no
   * API key). Anything that is not a PNG is refused: it would print as garbage on the label.
   */
  async fetchLabelImage(labelUrl: string): Promise<Buffer> {
    let response: Response;
    try {
      response = await fetch(labelUrl, { signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      throw new EasyPostError(isTimeout(err) ? 'timeout' : 'network', `The label image could not be fetched from EasyPost`, {
        retrySafe: true,
        cause: err,
      });
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new EasyPostError('server_error', `EasyPost answered ${response.status} for the label image`, {
        retrySafe: true,
        status: response.status,
      });
    }
    let image: Buffer;
    try {
      image = await readCappedBytes(response, MAX_LABEL_IMAGE_BYTES);
    } catch (err) {
      throw new EasyPostError('bad_answer', `The label image from EasyPost could not be read`, { retrySafe: true, cause: err });
    }
    if (!isPng(image))
      throw new EasyPostError('bad_answer', 'EasyPost answered the label image with something that is not a PNG', {
        retrySafe: true,
      });
    return image;
  }

  /** The configured carrier's (and service's) cheapest USD rate; ties go to EasyPost's order. */
  private cheapestRate(shipment: EasyPostShipment): EasyPostRate {
    const wanted = (rate: EasyPostRate) =>
      rate.carrier.toLowerCase() === this.carrier.toLowerCase() &&
      (!this.service || rate.service.toLowerCase() === this.service.toLowerCase()) &&
      (!rate.currency || rate.currency === 'USD');
    let best: { rate: EasyPostRate; cents: number } | null = null;
    const offered: string[] = [];
    for (const item of shipment.rates ?? []) {
      const parsed = rateSchema.safeParse(item);
      if (!parsed.success) continue;
      offered.push(`${parsed.data.carrier} ${parsed.data.service}`);
      const cents = amountToCents(parsed.data.rate);
      if (cents === null || !wanted(parsed.data)) continue;
      if (!best || cents < best.cents) best = { rate: parsed.data, cents };
    }
    if (best) return best.rate;
    const wantedName = this.service ? `${this.carrier} ${this.service}` : this.carrier;
    const reasons = carrierMessages(shipment);
    throw new EasyPostError(
      'no_rate',
      `EasyPost offered no ${wantedName} rate for this parcel` +
        (reasons.length ? `; the carriers said: ${reasons.join('; ')}` : '') +
        (offered.length ? `; offered: ${offered.join(', ')}` : '; no rates at all') +
        '. Check EASYPOST_CARRIER, EASYPOST_SERVICE and the carrier accounts at EasyPost.',
      { retrySafe: false, shipmentId: shipment.id },
    );
  }

  /**
   * Buys the rate, insured for the declared value. EasyPost takes no idempotency key, so when the
   * answer is lost (timeout, dropped connection, 5xx, unreadable 2xx) the shipment is read back:
   * a label on it means the purchase happened and is used, never bought again.
   */
  private async buy(shipmentId: string, rate: EasyPostRate, insuredValueCents: number): Promise<PurchasedShipment> {
    let failure: EasyPostError;
    try {
      const answer = parseShipment(
        await this.client.post(`/shipments/${encodeURIComponent(shipmentId)}/buy`, {
          rate: { id: rate.id },
          ...(insuredValueCents > 0 ? { insurance: centsToDecimalString(insuredValueCents) } : {}),
        }),
        'the purchase',
      );
      if (isPurchased(answer)) return answer;
      failure = new EasyPostError('bad_answer', 'EasyPost answered the purchase without a tracking code', { retrySafe: true });
    } catch (err) {
      if (!(err instanceof EasyPostError)) throw err;
      failure = err;
    }
    const answered4xx = failure.status !== null && failure.status >= 400 && failure.status < 500 && failure.kind !== 'timeout';
    // EasyPost refused: nothing was bought. Only a rate limit is worth a later retry.
    if (answered4xx) throw failure.about(shipmentId, failure.kind === 'rate_limited');
    return this.recoverPurchase(shipmentId, failure);
  }

  private async recoverPurchase(shipmentId: string, failure: EasyPostError): Promise<PurchasedShipment> {
    let current: EasyPostShipment;
    try {
      current = parseShipment(await this.client.get(`/shipments/${encodeURIComponent(shipmentId)}`), 'the shipment');
    } catch (lookup) {
      const why = lookup instanceof Error ? lookup.message : String(lookup);
      throw new EasyPostError(
        'purchase_unknown',
        `The label for EasyPost shipment ${shipmentId} may have been bought (${failure.message}) and the shipment ` +
          `could not be read back (${why}). Look it up at EasyPost before trying again, or a second label may be bought.`,
        { retrySafe: false, shipmentId, status: failure.status, code: failure.code, cause: failure },
      );
    }
    if (isPurchased(current)) return current;
    // No label yet. After an error answer EasyPost has finished with the request; after a timeout
    // or a dropped connection the purchase may still be running, so a retry could buy twice.
    const finished = failure.kind === 'server_error' || failure.kind === 'rate_limited' || failure.kind === 'bad_answer';
    throw failure.about(shipmentId, finished);
  }

  /**
   * The purchase came back insured for less than asked: insure it separately. The label is bought
   * either way, so a failure here is not thrown: the answer's insuredCents tells the caller.
   */
  private async insureAfterPurchase(shipmentId: string, wantedCents: number, insuredCents: number): Promise<number> {
    try {
      const insured = parseShipment(
        await this.client.post(`/shipments/${encodeURIComponent(shipmentId)}/insure`, {
          amount: centsToDecimalString(wantedCents),
        }),
        'the insurance',
      );
      return amountToCents(insured.insurance) ?? insuredCents;
    } catch (err) {
      if (err instanceof EasyPostError) return insuredCents;
      throw err;
    }
  }
}
