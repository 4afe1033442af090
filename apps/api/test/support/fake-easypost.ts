// A stand-in for EasyPost's API v2 on loopback (node:http on 127.0.0.1), speaking its documented
// shapes: Basic auth with the API key; POST /v2/shipments (rates), POST /v2/shipments/{id}/buy,
// POST /v2/shipments/{id}/insure, GET /v2/shipments/{id}, GET /v2/trackers/{id}; errors as {error: {code, message,
// errors}}; and tracker.updated Events signed like EasyPost's webhooks (X-Hmac-Signature).
// Sources: https://docs.easypost.com/docs/shipments, .../shipments/returns, .../shipments/shipping-insurance,
// .../errors, .../trackers, .../events. Error codes the documentation does not list (APIKEY.*,
// SHIPMENT.*) are this stand-in's own, in EasyPost's style.
//
// A test scripts failures per route: a status and body (422 address not found, 500), a delay past
// the adapter's timeout, or `afterWork` (do the real work, e.g. buy the label, then answer the
// scripted way), which is how an answer lost after a purchase looks to the client.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import { easyPostSignature, EASYPOST_SIGNATURE_HEADER } from '../../src/adapters/carriers/easypost-webhooks.ts';

export const FAKE_EASYPOST_KEY = 'EZTKfake0123456789abcdef';
/** Has a ligature (U+FB01) so a test proves the secret is NFKD-normalised before signing, as EasyPost does. */
export const FAKE_EASYPOST_WEBHOOK_SECRET = 'assay-webhook-\uFB01ne-secret';

export type FakeRoute = 'create' | 'buy' | 'insure' | 'retrieve' | 'tracker';

export interface ScriptedAnswer {
  status?: number;
  /** An object is sent as JSON; a string as it is. */
  body?: unknown;
  delayMs?: number;
  /** Do the real work first (create, buy, insure), then send this answer instead of the real one. */
  afterWork?: boolean;
}

/** EasyPost's documented address failure (https://docs.easypost.com/docs/errors). */
export const ADDRESS_NOT_FOUND: ScriptedAnswer = {
  status: 422,
  body: {
    error: {
      code: 'ADDRESS.VERIFY.FAILURE',
      message: 'Address not found',
      errors: [
        { field: 'address', message: 'Address not found', suggestion: null },
        { field: 'street1', message: 'House number is missing', suggestion: null },
      ],
    },
  },
};

export const INTERNAL_ERROR: ScriptedAnswer = {
  status: 500,
  body: { error: { code: 'INTERNAL_SERVER_ERROR', message: 'We are unable to process your request at this time.', errors: [] } },
};

export interface FakeRate {
  carrier: string;
  service: string;
  rate: string;
  currency?: string;
}

export const DEFAULT_FAKE_RATES: FakeRate[] = [
  { carrier: 'USPS', service: 'Priority', rate: '9.40' },
  { carrier: 'USPS', service: 'GroundAdvantage', rate: '7.58' },
  { carrier: 'USPS', service: 'Express', rate: '31.25' },
  { carrier: 'UPS', service: 'Ground', rate: '6.90' },
];

type Json = Record<string, unknown>;

interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

const id = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`;
const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

function apiError(status: number, code: string, message: string, errors: unknown[] = []): ScriptedAnswer {
  return { status, body: { error: { code, message, errors } } };
}

/** EasyPost serialises floats with a decimal point ("weight": 16.0); JSON.stringify would drop it. */
function easyPostJson(value: unknown): string {
  return JSON.stringify(value).replace(/"weight":(\d+)(?=[,}])/g, '"weight":$1.0');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A real 4x6 PNG (200 x 300, greyscale) standing in for a carrier's label: a frame, a header band
 * and barcode-like bars, so a PDF that embeds it shows it plainly.
 */
export function fakeLabelPng(): Buffer {
  const width = 200;
  const height = 300;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(width + 1, 0xff);
    row[0] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      const frame = x < 4 || x >= width - 4 || y < 4 || y >= height - 4;
      const header = y >= 12 && y < 44 && x >= 12 && x < width - 12;
      const bars = y >= 190 && y < 250 && x >= 20 && x < width - 20 && (x * 7 + (x >> 2)) % 5 < 2;
      if (frame || header || bars) row[x + 1] = 0x00;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface FakeEasyPostOptions {
  /** A fixed port (a standalone fake for the e2e server); 0 or unset: any free port. */
  port?: number;
  /** The address to listen on; loopback unless told. */
  host?: string;
}

export async function startFakeEasyPost(options: FakeEasyPostOptions = {}) {
  const labelPng = fakeLabelPng();
  const shipments = new Map<string, Json>();
  const trackers = new Map<string, Json>();
  const requests: RecordedRequest[] = [];
  const scripts: Record<FakeRoute, ScriptedAnswer[]> = { create: [], buy: [], insure: [], retrieve: [], tracker: [] };
  let rates: FakeRate[] = DEFAULT_FAKE_RATES;
  let carrierMessages: Json[] = [];
  /** False: a purchase ignores its insurance, as when a carrier's coverage is refused. */
  let insureOnBuy = true;
  let trackingSerial = 0;
  let baseUrl = '';

  function addressOf(input: unknown): Json {
    return { id: id('adr'), object: 'Address', mode: 'test', ...(input as Json) };
  }

  function missingAddressFields(input: unknown, which: string): Json[] {
    const a = (input ?? {}) as Json;
    return ['street1', 'city', 'state', 'zip']
      .filter((key) => typeof a[key] !== 'string' || !(a[key] as string).trim())
      .map((key) => ({ field: `${which}.${key}`, message: 'cannot be blank', suggestion: null }));
  }

  function createShipment(body: unknown): ScriptedAnswer {
    const input = ((body as Json | null)?.shipment ?? null) as Json | null;
    if (!input)
      return apiError(422, 'PARAMETER.REQUIRED', 'Missing required parameter.', [{ field: 'shipment', message: 'is required' }]);
    const missing = [
      ...missingAddressFields(input.to_address, 'to_address'),
      ...missingAddressFields(input.from_address, 'from_address'),
    ];
    const parcel = (input.parcel ?? {}) as Json;
    if (typeof parcel.weight !== 'number' || parcel.weight <= 0) {
      missing.push({ field: 'parcel.weight', message: 'must be greater than 0', suggestion: null });
    }
    if (missing.length)
      return apiError(422, 'SHIPMENT.INVALID_PARAMS', 'Unable to create shipment, one or more parameters were invalid.', missing);
    const shipmentId = id('shp');
    const isReturn = input.is_return === true;
    // "we switch the to_address and from_address for the return Shipment" (docs: Returns).
    const to = addressOf(isReturn ? input.from_address : input.to_address);
    const from = addressOf(isReturn ? input.to_address : input.from_address);
    const shipment: Json = {
      id: shipmentId,
      object: 'Shipment',
      mode: 'test',
      created_at: now(),
      updated_at: now(),
      reference: input.reference ?? null,
      is_return: isReturn,
      status: 'unknown',
      options: { ...(input.options as Json | undefined), currency: 'USD', payment: { type: 'SENDER' }, date_advance: 0 },
      to_address: to,
      from_address: from,
      return_address: from,
      buyer_address: to,
      parcel: { id: id('prcl'), object: 'Parcel', mode: 'test', ...parcel },
      rates: rates.map((r) => ({
        id: id('rate'),
        object: 'Rate',
        mode: 'test',
        carrier: r.carrier,
        service: r.service,
        rate: r.rate,
        currency: r.currency ?? 'USD',
        retail_rate: r.rate,
        list_rate: r.rate,
        delivery_days: 2,
        carrier_account_id: id('ca'),
        shipment_id: shipmentId,
      })),
      messages: carrierMessages,
      tracking_code: null,
      postage_label: null,
      selected_rate: null,
      tracker: null,
      insurance: null,
      fees: [],
    };
    shipments.set(shipmentId, shipment);
    return { status: 201, body: shipment };
  }

  function notFound(): ScriptedAnswer {
    return apiError(404, 'NOT_FOUND', 'The requested resource could not be found.');
  }

  function insuranceAmount(value: unknown): string | null {
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
    if (!/^\d+(\.\d+)?$/.test(text)) return null;
    const [whole, fraction = ''] = text.split('.');
    return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
  }

  function buy(shipmentId: string, body: unknown): ScriptedAnswer {
    const shipment = shipments.get(shipmentId);
    if (!shipment) return notFound();
    if (shipment.tracking_code) return apiError(422, 'SHIPMENT.POSTAGE.EXISTS', 'This shipment already has postage.');
    const rateId = (((body as Json | null)?.rate ?? {}) as Json).id;
    const rate = (shipment.rates as Json[]).find((r) => r.id === rateId);
    if (!rate)
      return apiError(422, 'SHIPMENT.RATE.INVALID', 'The rate could not be found on this shipment.', [
        { field: 'rate', message: 'is invalid' },
      ]);
    const insurance = (body as Json).insurance;
    let insured: string | null = null;
    if (insurance !== undefined && insurance !== null) {
      insured = insuranceAmount(insurance);
      if (insured === null) return apiError(422, 'SHIPMENT.INSURANCE.INVALID', 'Insurance amount must be a positive decimal.');
    }
    trackingSerial += 1;
    const trackingCode = `9405${String(Date.now() % 1e9).padStart(9, '0')}${String(trackingSerial).padStart(9, '0')}`;
    const label = id('pl');
    const pdf = (shipment.options as Json).label_format === 'PDF';
    const tracker: Json = {
      id: id('trk'),
      object: 'Tracker',
      mode: 'test',
      tracking_code: trackingCode,
      status: 'pre_transit',
      status_detail: 'label_created',
      created_at: now(),
      updated_at: now(),
      signed_by: null,
      weight: (shipment.parcel as Json).weight ?? null,
      est_delivery_date: null,
      shipment_id: shipmentId,
      carrier: rate.carrier,
      tracking_details: [],
      public_url: `${baseUrl}/track/${trackingCode}`,
      fees: [],
    };
    trackers.set(trackingCode, tracker);
    Object.assign(shipment, {
      updated_at: now(),
      tracking_code: trackingCode,
      selected_rate: rate,
      insurance: insureOnBuy ? insured : null,
      tracker,
      postage_label: {
        id: label,
        object: 'PostageLabel',
        label_date: now(),
        label_resolution: 300,
        label_size: '4x6',
        label_type: 'default',
        label_file_type: pdf ? 'application/pdf' : 'image/png',
        label_url: `${baseUrl}/files/postage_label/${label}.png`,
        label_pdf_url: pdf ? `${baseUrl}/files/postage_label/${label}.pdf` : null,
      },
    });
    return { status: 200, body: shipment };
  }

  function insure(shipmentId: string, body: unknown): ScriptedAnswer {
    const shipment = shipments.get(shipmentId);
    if (!shipment) return notFound();
    if (!shipment.tracking_code)
      return apiError(422, 'SHIPMENT.INSURE.UNPURCHASED', 'A shipment must be purchased before it can be insured.');
    const amount = insuranceAmount((body as Json | null)?.amount);
    if (amount === null) return apiError(422, 'SHIPMENT.INSURANCE.INVALID', 'Insurance amount must be a positive decimal.');
    Object.assign(shipment, { insurance: amount, updated_at: now() });
    return { status: 200, body: shipment };
  }

  function route(method: string, path: string): { name: FakeRoute; shipmentId?: string } | null {
    if (method === 'POST' && path === '/v2/shipments') return { name: 'create' };
    const tracker = /^\/v2\/trackers\/([^/]+)$/.exec(path);
    // (The tracker's id rides in shipmentId: one id per route.)
    if (tracker && method === 'GET') return { name: 'tracker', shipmentId: decodeURIComponent(tracker[1]!) };
    const match = /^\/v2\/shipments\/([^/]+)(?:\/(buy|insure))?$/.exec(path);
    if (!match) return null;
    const shipmentId = decodeURIComponent(match[1]!);
    if (method === 'POST' && match[2] === 'buy') return { name: 'buy', shipmentId };
    if (method === 'POST' && match[2] === 'insure') return { name: 'insure', shipmentId };
    if (method === 'GET' && !match[2]) return { name: 'retrieve', shipmentId };
    return null;
  }

  function realAnswer(name: FakeRoute, shipmentId: string | undefined, body: unknown): ScriptedAnswer {
    switch (name) {
      case 'create':
        return createShipment(body);
      case 'buy':
        return buy(shipmentId!, body);
      case 'insure':
        return insure(shipmentId!, body);
      case 'retrieve': {
        const shipment = shipments.get(shipmentId!);
        return shipment ? { status: 200, body: shipment } : notFound();
      }
      case 'tracker': {
        const tracker = [...trackers.values()].find((t) => t.id === shipmentId);
        return tracker ? { status: 200, body: tracker } : notFound();
      }
    }
  }

  function answer(method: string, path: string, authorization: string | undefined, body: unknown): ScriptedAnswer {
    if (path.startsWith('/files/postage_label/')) {
      return path.endsWith('.png')
        ? { status: 200, body: labelPng }
        : { status: 200, body: '%PDF-1.4\n% fake EasyPost label\n%%EOF\n' };
    }
    const expected = `Basic ${Buffer.from(`${FAKE_EASYPOST_KEY}:`).toString('base64')}`;
    if (!authorization)
      return apiError(401, 'APIKEY.REQUIRED', 'Authentication is required: provide your API key as the Basic auth username.');
    if (authorization !== expected)
      return apiError(401, 'APIKEY.INACTIVE', 'The API key provided is not valid or has been disabled.');
    const matched = route(method, path);
    if (!matched) return notFound();
    const scripted = scripts[matched.name].shift();
    if (!scripted) return realAnswer(matched.name, matched.shipmentId, body);
    if (!scripted.afterWork) return scripted;
    const real = realAnswer(matched.name, matched.shipmentId, body);
    return {
      status: scripted.status ?? real.status,
      body: scripted.body ?? (scripted.status === undefined ? real.body : undefined),
      delayMs: scripted.delayMs,
    };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = undefined;
      if (text) {
        try {
          body = JSON.parse(text) as unknown;
        } catch {
          body = text;
        }
      }
      requests.push({ method: req.method ?? 'GET', path, authorization: req.headers.authorization, body });
      const reply =
        typeof body === 'string'
          ? apiError(400, 'BAD_REQUEST', 'The request body is not valid JSON.')
          : answer(req.method ?? 'GET', path, req.headers.authorization, body);
      const send = () => {
        if (res.destroyed) return;
        if (Buffer.isBuffer(reply.body)) {
          res.writeHead(reply.status ?? 200, { 'content-type': 'image/png' });
          res.end(reply.body);
          return;
        }
        const isText = typeof reply.body === 'string';
        const payload = isText ? (reply.body as string) : reply.body === undefined ? '' : easyPostJson(reply.body);
        res.writeHead(reply.status ?? 200, {
          'content-type': isText ? (path.endsWith('.pdf') ? 'application/pdf' : 'text/html') : 'application/json; charset=utf-8',
        });
        res.end(payload);
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs).unref();
      else send();
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${host}:${port}`;

  /** Signs a serialised Event the way EasyPost does, with the headers it sends. */
  function signed(event: Json, secret: string) {
    const rawBody = easyPostJson(event);
    return {
      event,
      rawBody,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'EasyPost WebHook Agent 1.0',
        [EASYPOST_SIGNATURE_HEADER]: easyPostSignature(rawBody, secret),
      } as Record<string, string>,
    };
  }

  /** Moves a bought label's tracker to `status` and answers the signed tracker.updated Event. */
  function trackerUpdate(trackingCode: string, status: string, options: TrackerUpdateOptions = {}) {
    const tracker = trackers.get(trackingCode);
    if (!tracker) throw new Error(`The fake sold no label with tracking code ${trackingCode}.`);
    const previous = tracker.status;
    const detail = {
      object: 'TrackingDetail',
      message: options.message ?? status.replaceAll('_', ' ').toUpperCase(),
      description: '',
      status,
      status_detail: 'status_update',
      datetime: options.datetime ?? now(),
      source: tracker.carrier,
      tracking_location: {
        object: 'TrackingLocation',
        city: options.city ?? null,
        state: options.state ?? null,
        country: 'US',
        zip: null,
      },
    };
    Object.assign(tracker, {
      status,
      updated_at: now(),
      tracking_details: [...(tracker.tracking_details as Json[]), detail],
    });
    return signed(
      {
        id: id('evt'),
        object: 'Event',
        mode: 'test',
        description: 'tracker.updated',
        created_at: now(),
        updated_at: now(),
        previous_attributes: { status: previous },
        pending_urls: [],
        completed_urls: [],
        status: 'pending',
        result: structuredClone(tracker),
      },
      options.secret ?? FAKE_EASYPOST_WEBHOOK_SECRET,
    );
  }

  return {
    url: baseUrl,
    requests,
    shipments,
    /** The next `times` calls of `route` get `scripted` instead of the real answer. */
    script(route: FakeRoute, scripted: ScriptedAnswer, times = 1) {
      for (let i = 0; i < times; i += 1) scripts[route].push(scripted);
    },
    setRates(list: FakeRate[], messages: Json[] = []) {
      rates = list;
      carrierMessages = messages;
    },
    setInsureOnBuy(value: boolean) {
      insureOnBuy = value;
    },
    trackerUpdate,
    /** Any other Event (batch.updated, refund.successful), signed. */
    otherEvent(description: string, result: Json, secret = FAKE_EASYPOST_WEBHOOK_SECRET) {
      return signed(
        { id: id('evt'), object: 'Event', mode: 'test', description, created_at: now(), updated_at: now(), result },
        secret,
      );
    },
    /** POSTs a signed delivery to a webhook URL, as EasyPost's agent does. */
    deliver: sendSignedWebhook,
    /**
     * Moves the tracker and POSTs the signed tracker.updated Event to `webhookUrl` (the app's
     * /api/webhooks/carrier), in one step: what a standalone e2e fake does on cue.
     */
    async sendTrackerUpdate(webhookUrl: string, trackingCode: string, status: string, options: TrackerUpdateOptions = {}) {
      const delivery = trackerUpdate(trackingCode, status, options);
      return { status: await sendSignedWebhook(webhookUrl, delivery), event: delivery.event };
    },
    reset() {
      shipments.clear();
      trackers.clear();
      requests.length = 0;
      for (const list of Object.values(scripts)) list.length = 0;
      rates = DEFAULT_FAKE_RATES;
      carrierMessages = [];
      insureOnBuy = true;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface TrackerUpdateOptions {
  message?: string;
  city?: string;
  state?: string;
  datetime?: string;
  secret?: string;
}

/** POSTs a signed delivery (trackerUpdate's or otherEvent's answer) to a webhook URL; answers the HTTP status. */
export async function sendSignedWebhook(url: string, delivery: { rawBody: string; headers: Record<string, string> }) {
  const response = await fetch(url, { method: 'POST', headers: delivery.headers, body: delivery.rawBody });
  await response.arrayBuffer();
  return response.status;
}

export type FakeEasyPost = Awaited<ReturnType<typeof startFakeEasyPost>>;
