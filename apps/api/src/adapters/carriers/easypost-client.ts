// A small client for EasyPost's REST API v2, with Node's fetch: every way a call can fail becomes
// an EasyPostError that says whether trying again is safe.
//
// Shapes from EasyPost's documentation:
// - authentication: the API key as the Basic auth user name, no password
//   (https://www.easypost.com/docs/api, "Authentication");
// - errors: a 4xx/5xx status with {"error": {"code", "message", "errors": [FieldError | string]}},
//   FieldError = {field, message, suggestion} (https://docs.easypost.com/docs/errors).
import { z } from 'zod';
import { BodyTooLargeError, isTimeout, readCapped } from '../http-answers.ts';

export const EASYPOST_DEFAULT_URL = 'https://api.easypost.com';

/** Creating a shipment asks every carrier account for rates; EasyPost answers within seconds. */
export const EASYPOST_DEFAULT_TIMEOUT_MS = 20_000;
/** A shipment with all its rates is tens of KB; far more is not an EasyPost answer. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

export type EasyPostErrorKind =
  /** 422 with an ADDRESS.* code: the address needs fixing by a person. */
  | 'address_invalid'
  /** 400/404/422 otherwise: our request is wrong; trying again gives the same answer. */
  | 'invalid_request'
  /** 401/403: the API key is wrong or disabled (configuration). */
  | 'unauthorized'
  /** 402: the EasyPost account has no funds or billing method. */
  | 'payment_required'
  | 'rate_limited'
  | 'server_error'
  | 'timeout'
  | 'network'
  /** A 2xx answer we cannot use (not JSON, not a shipment). */
  | 'bad_answer'
  /** No rate of the configured carrier and service. */
  | 'no_rate'
  /** A purchase was sent and its outcome could not be learnt: a label may exist. */
  | 'purchase_unknown';

export interface EasyPostFieldError {
  field: string | null;
  message: string;
  suggestion: string | null;
}

export class EasyPostError extends Error {
  override readonly name = 'EasyPostError';
  readonly kind: EasyPostErrorKind;
  /** The HTTP status EasyPost answered, when it answered. */
  readonly status: number | null;
  /** EasyPost's machine-readable code ('ADDRESS.VERIFY.FAILURE'), when it sent one. */
  readonly code: string | null;
  readonly fieldErrors: EasyPostFieldError[];
  /**
   * True when calling createLabel again later cannot buy a second label and may succeed (the
   * failure was passing and no postage was bought). False means a person must act first: fix an
   * address or the configuration, or look the shipment up at EasyPost (`shipmentId`).
   */
  readonly retrySafe: boolean;
  /** The shipment the failure concerns, once one was created. */
  readonly shipmentId: string | null;

  constructor(
    kind: EasyPostErrorKind,
    message: string,
    details: {
      status?: number | null;
      code?: string | null;
      fieldErrors?: EasyPostFieldError[];
      retrySafe: boolean;
      shipmentId?: string | null;
      cause?: unknown;
    },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.status = details.status ?? null;
    this.code = details.code ?? null;
    this.fieldErrors = details.fieldErrors ?? [];
    this.retrySafe = details.retrySafe;
    this.shipmentId = details.shipmentId ?? null;
  }

  /** A copy that names the shipment (and, for a purchase, its possibly changed safety). */
  about(shipmentId: string, retrySafe = this.retrySafe): EasyPostError {
    return new EasyPostError(this.kind, this.message, {
      status: this.status,
      code: this.code,
      fieldErrors: this.fieldErrors,
      retrySafe,
      shipmentId,
      cause: this.cause,
    });
  }
}

/** Failures that say nothing about our request: the same call may well work a little later. */
export function isPassingFailure(err: EasyPostError): boolean {
  return ['rate_limited', 'server_error', 'timeout', 'network', 'bad_answer'].includes(err.kind);
}

const errorBodySchema = z.object({
  error: z.object({
    code: z.string().optional(),
    message: z.unknown().optional(),
    errors: z.array(z.unknown()).optional(),
  }),
});

/** EasyPost's `message` is usually a string, but its client libraries also flatten objects and arrays. */
function flattenMessage(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') return Object.values(value).map(flattenMessage).filter(Boolean).join(', ');
  return value === undefined || value === null ? '' : String(value as string | number | boolean);
}

function fieldErrorsOf(list: unknown[] | undefined): EasyPostFieldError[] {
  return (list ?? []).flatMap((item): EasyPostFieldError[] => {
    if (typeof item === 'string') return [{ field: null, message: item, suggestion: null }];
    if (!item || typeof item !== 'object') return [];
    const o = item as Record<string, unknown>;
    const message = flattenMessage(o.message);
    if (!message) return [];
    return [
      {
        field: typeof o.field === 'string' ? o.field : null,
        message,
        suggestion: typeof o.suggestion === 'string' ? o.suggestion : null,
      },
    ];
  });
}

function kindOfStatus(status: number, code: string | null): EasyPostErrorKind {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 402) return 'payment_required';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server_error';
  if (status === 422 && code?.startsWith('ADDRESS.')) return 'address_invalid';
  return 'invalid_request';
}

/** The sentence for an error answer: EasyPost's own message and field errors, never the request. */
function describeErrorAnswer(status: number, code: string | null, message: string, fields: EasyPostFieldError[]): string {
  // EasyPost often repeats its message as the first field error ("address: Address not found").
  const fieldText = fields
    .filter((f) => f.message !== message)
    .map((f) => (f.field ? `${f.field}: ${f.message}` : f.message))
    .join('; ');
  const said = message && fieldText ? `${message} (${fieldText})` : message || fieldText;
  return `EasyPost answered HTTP ${status}${code ? ` ${code}` : ''}${said ? `: ${said}` : ''}`;
}

function networkReason(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (cause && typeof cause.message === 'string') return cause.message;
  return err instanceof Error ? err.message : String(err);
}

export interface EasyPostClientOptions {
  apiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
}

export class EasyPostClient {
  private readonly authorization: string;
  private readonly baseUrl: string;
  readonly timeoutMs: number;

  constructor(options: EasyPostClientOptions) {
    if (!options.apiKey) throw new Error('EasyPost needs an API key (EASYPOST_API_KEY).');
    this.authorization = `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}`;
    this.baseUrl = (options.baseUrl ?? EASYPOST_DEFAULT_URL).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? EASYPOST_DEFAULT_TIMEOUT_MS;
  }

  post(path: string, body: unknown): Promise<unknown> {
    return this.call('POST', path, body);
  }

  get(path: string): Promise<unknown> {
    return this.call('GET', path);
  }

  /**
   * One call. Whether a failure is safe to retry depends on the call (a purchase that timed out
   * may have happened), so every error leaves here with retrySafe set for a call that changes
   * nothing; callers that buy decide again.
   */
  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const seconds = this.timeoutMs / 1000;
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}/v2${path}`, {
        method,
        signal: AbortSignal.timeout(this.timeoutMs),
        headers: {
          authorization: this.authorization,
          accept: 'application/json',
          'user-agent': 'Assay carrier adapter',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        // A redirect would resend the key elsewhere.
        redirect: 'error',
      });
    } catch (err) {
      if (isTimeout(err)) {
        throw new EasyPostError('timeout', `EasyPost did not answer within ${seconds} s`, { retrySafe: true, cause: err });
      }
      throw new EasyPostError('network', `EasyPost could not be reached (${networkReason(err)})`, {
        retrySafe: true,
        cause: err,
      });
    }
    let text: string;
    try {
      text = await readCapped(response, MAX_BODY_BYTES);
    } catch (err) {
      if (isTimeout(err)) {
        throw new EasyPostError('timeout', `EasyPost did not finish its answer within ${seconds} s`, {
          status: response.status,
          retrySafe: true,
          cause: err,
        });
      }
      const what = err instanceof BodyTooLargeError ? 'an answer far too large to be a shipment' : 'a broken answer';
      throw new EasyPostError('bad_answer', `EasyPost sent ${what}`, { status: response.status, retrySafe: true, cause: err });
    }
    let json: unknown;
    let parsed = false;
    try {
      json = JSON.parse(text) as unknown;
      parsed = true;
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      const errorBody = parsed ? errorBodySchema.safeParse(json) : null;
      const code = errorBody?.success ? (errorBody.data.error.code ?? null) : null;
      const message = errorBody?.success ? flattenMessage(errorBody.data.error.message) : '';
      const fieldErrors = errorBody?.success ? fieldErrorsOf(errorBody.data.error.errors) : [];
      const kind = kindOfStatus(response.status, code);
      throw new EasyPostError(kind, describeErrorAnswer(response.status, code, message, fieldErrors), {
        status: response.status,
        code,
        fieldErrors,
        retrySafe: ['rate_limited', 'server_error', 'timeout'].includes(kind),
      });
    }
    if (!parsed) {
      const looksHtml = /^\s*</.test(text);
      throw new EasyPostError(
        'bad_answer',
        `EasyPost answered ${text.trim() === '' ? 'an empty body' : looksHtml ? 'an HTML page' : 'something that is not JSON'}`,
        { status: response.status, retrySafe: true },
      );
    }
    return json;
  }
}
