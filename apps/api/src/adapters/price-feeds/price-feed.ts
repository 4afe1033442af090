// One interface for every metals price service, so the pricing module never knows which one is
// configured (DECISIONS "Prices": simulated by default, a real metals API when configured). Each
// adapter either answers four positive spot prices or throws a PriceFeedError saying what went
// wrong in words an appraiser can act on; it never answers a partial or made-up set.
import type { SpotPrices } from '@assay/domain';
import { BodyTooLargeError, isTimeout, readCapped } from '../http-answers.ts';

export interface SpotQuote {
  /** USD per troy ounce, 4-decimal strings, each above zero. */
  prices: SpotPrices;
  /** Names the service on every pricing row ('simulated' makes the page say "demo prices"). */
  source: string;
}

export interface FetchSpotOptions {
  /** The spot prices quoted now, if any; the simulated feed moves on from them. */
  previous?: SpotPrices | null;
}

export interface PriceFeed {
  /** The PRICE_FEED value that selected it. */
  readonly provider: string;
  readonly source: string;
  fetchSpotPrices(options?: FetchSpotOptions): Promise<SpotQuote>;
}

/** A feed answer that cannot be used. The message never contains the URL (it may carry a key). */
export class PriceFeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PriceFeedError';
  }
}

/** gold-api.com and metals.dev usually answer in well under a second; beyond this they are down. */
export const DEFAULT_FEED_TIMEOUT_MS = 8_000;
/** Their answers are a few hundred bytes; anything this big is not a price answer. */
const MAX_BODY_BYTES = 256 * 1024;

function describeNetworkError(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (cause && typeof cause.message === 'string') return cause.message;
  return err instanceof Error ? err.message : String(err);
}

/** A short, single-line excerpt of an error body, so a provider's own explanation reaches the admin. */
function excerpt(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > 120 ? `${oneLine.slice(0, 117)}...` : oneLine;
}

function providerMessage(json: unknown): string | null {
  if (!json || typeof json !== 'object') return null;
  const o = json as Record<string, unknown>;
  for (const key of ['error_message', 'message', 'error']) {
    if (typeof o[key] === 'string' && o[key]) return excerpt(o[key]);
  }
  return null;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * GETs a JSON document, turning every way it can fail into a PriceFeedError naming `service`:
 * unreachable, too slow, an HTTP error status, an oversize body, or a body that is not JSON
 * (an HTML error page from a proxy, say).
 */
export async function getJson(
  url: URL,
  options: { service: string; timeoutMs: number; headers?: Record<string, string> },
): Promise<unknown> {
  const { service, timeoutMs } = options;
  const tooSlow = () => new PriceFeedError(`${service} did not answer within ${timeoutMs / 1000} s`);
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json', 'user-agent': 'Assay price refresh', ...options.headers },
      redirect: 'follow',
    });
  } catch (err) {
    if (isTimeout(err)) throw tooSlow();
    throw new PriceFeedError(`${service} could not be reached (${describeNetworkError(err)})`);
  }
  let text: string;
  try {
    text = await readCapped(response, MAX_BODY_BYTES);
  } catch (err) {
    if (isTimeout(err)) throw tooSlow();
    if (err instanceof BodyTooLargeError)
      throw new PriceFeedError(`${service} answered more than ${MAX_BODY_BYTES / 1024} KB, which is not a price answer`);
    throw new PriceFeedError(`${service} broke off its answer (${describeNetworkError(err)})`);
  }
  const parsed = parseJson(text);
  if (!response.ok) {
    const detail = parsed.ok ? providerMessage(parsed.value) : null;
    throw new PriceFeedError(`${service} answered HTTP ${response.status}${detail ? `: ${detail}` : ''}`);
  }
  if (!parsed.ok) {
    const looksHtml = /^\s*</.test(text);
    throw new PriceFeedError(
      text.trim() === ''
        ? `${service} answered an empty body instead of prices`
        : `${service} answered ${looksHtml ? 'an HTML page' : 'something that is not JSON'} instead of prices`,
    );
  }
  return parsed.value;
}

/** Base URL + path, whether or not the configured base ends with a slash or has a path of its own. */
export function joinUrl(base: string, path: string): URL {
  return new URL(`${base.replace(/\/+$/, '')}${path}`);
}
