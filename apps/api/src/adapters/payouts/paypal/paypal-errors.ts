// One error type for every way a PayPal call can fail, carrying what the job engine needs to decide
// (retry or give up) and what an admin needs to ask PayPal (name, message, debug_id).
//
// PayPal's REST error body: {name, message, debug_id, information_link, details[], links[]}
// (https://developer.paypal.com/api/rest/responses/ and the Payouts "error" schema); the OAuth
// endpoint answers {error, error_description} instead.

export type PayPalErrorKind =
  /** PayPal answered an HTTP error. */
  | 'http'
  /** No answer within the time limit: the request may or may not have been applied. */
  | 'timeout'
  /** The connection failed before an answer. */
  | 'network'
  /** A 2xx answer we cannot read. */
  | 'invalid-answer'
  /** PayPal holds a batch under our sender_batch_id that is not the one we asked for. */
  | 'conflict';

export interface PayPalErrorDetail {
  field?: string;
  location?: string;
  issue?: string;
  description?: string;
}

export class PayPalApiError extends Error {
  readonly kind: PayPalErrorKind;
  /** HTTP status, when PayPal answered. */
  readonly status: number | null;
  /** PayPal's error name (VALIDATION_ERROR, INSUFFICIENT_FUNDS, invalid_client, ...). */
  readonly errorName: string | null;
  readonly debugId: string | null;
  readonly details: PayPalErrorDetail[];
  /**
   * True when sending the same request again is safe and may succeed: 5xx, 429, timeouts and
   * network failures. Safe for batch creation too, because the retry carries the same
   * sender_batch_id, which PayPal pays only once.
   */
  readonly retryable: boolean;

  constructor(
    message: string,
    fields: {
      kind: PayPalErrorKind;
      status?: number | null;
      errorName?: string | null;
      debugId?: string | null;
      details?: PayPalErrorDetail[];
      retryable: boolean;
    },
  ) {
    super(message);
    this.name = 'PayPalApiError';
    this.kind = fields.kind;
    this.status = fields.status ?? null;
    this.errorName = fields.errorName ?? null;
    this.debugId = fields.debugId ?? null;
    this.details = fields.details ?? [];
    this.retryable = fields.retryable;
  }
}

/** 408, 429 and every 5xx may pass on a later try; other 4xx answers will not change. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}
