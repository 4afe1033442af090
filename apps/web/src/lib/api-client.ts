import { isStepUpRefusal, stepUpPrompt } from './step-up';

/**
 * How the browser talks to the API: same-origin, cookies included. The routes of docs/openapi.json
 * are called through the typed client (./api.ts); apiFetch is left for what is not JSON or not in it.
 * A non-OK answer throws an ApiError whose message is '{status}: {body or statusText}' (SPEC 7);
 * `errorMessage` turns it back into something a person can read.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The parsed JSON body, or undefined when the body is not JSON. */
  get json(): unknown {
    try {
      return JSON.parse(this.body) as unknown;
    } catch {
      return undefined;
    }
  }

  /** The `code` field of a JSON error body (better-auth and AppError both send one). */
  get code(): string | undefined {
    const json = this.json;
    if (json && typeof json === 'object' && 'code' in json && typeof json.code === 'string') {
      return json.code;
    }
    return undefined;
  }
}

export type ApiFetchOptions = Omit<RequestInit, 'body'> & {
  /** Sent as JSON with a Content-Type header; use `body` for anything else. */
  json?: unknown;
  body?: BodyInit | null;
};

/** Fetches a same-origin path; throws ApiError on a non-OK status. Returns the raw Response. */
export async function apiFetch(path: string, options: ApiFetchOptions = {}): Promise<Response> {
  const { json, headers, ...init } = options;
  const finalHeaders = new Headers(headers);
  if (json !== undefined) finalHeaders.set('Content-Type', 'application/json');
  if (!finalHeaders.has('Accept')) finalHeaders.set('Accept', 'application/json');

  return sendChecked(() =>
    fetch(path, {
      ...init,
      headers: finalHeaders,
      body: json !== undefined ? JSON.stringify(json) : init.body,
      credentials: 'include',
    }),
  );
}

/**
 * Sends a request (`send` makes it anew each time) and returns its OK answer; a non-OK answer
 * throws ApiError. A decision that wants a fresh authenticator code: ask for one, then send the
 * request again (once: a second refusal reaches the caller). Cancelling the dialog leaves the
 * refusal as it is. apiFetch and the typed client (./api.ts) both send through here.
 */
export async function sendChecked(send: () => Promise<Response>, mayStepUp = true): Promise<Response> {
  const response = await send();
  if (response.ok) return response;
  const body = await response.text().catch(() => '');
  const prompt = mayStepUp && isStepUpRefusal(response.status, body) ? stepUpPrompt() : null;
  if (prompt && (await prompt())) return sendChecked(send, false);
  throw new ApiError(response.status, response.statusText, body);
}

/** GET (or any method) and parse the JSON answer. An empty body yields null. */
export async function apiJson<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** The distinct messages of a validation answer's `issues`, or undefined when it has none. */
function issueMessages(parsed: unknown): string | undefined {
  if (!parsed || typeof parsed !== 'object' || !('issues' in parsed) || !Array.isArray(parsed.issues)) return undefined;
  const messages = parsed.issues
    .map((issue: unknown) => (issue && typeof issue === 'object' && 'message' in issue ? issue.message : undefined))
    .filter((message): message is string => typeof message === 'string' && message.trim() !== '');
  return messages.length > 0 ? [...new Set(messages)].join(' ') : undefined;
}

/**
 * What a person should read from an error body: its JSON `message`, or a short plain-text body.
 * JSON without a message, HTML error pages and empty bodies give undefined.
 */
function readableBody(body: string): string | undefined {
  const text = body.trim();
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    // A 400 from the server's validation lists each problem in our own words: those sentences
    // read better than the combined "Invalid body: field: sentence" message.
    const sentences = issueMessages(parsed);
    if (sentences) return sentences;
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const { message } = parsed as { message: unknown };
      if (typeof message === 'string' && message.trim()) return message;
    }
    return undefined;
  } catch {
    // not JSON
  }
  if (text.startsWith('<') || text.length > 300) return undefined;
  return text;
}

/**
 * A human-readable message for any thrown value: the server's `message` when the body carried
 * one, else a short plain-text body, else `fallback`.
 */
export function errorMessage(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (err instanceof ApiError) return readableBody(err.body) ?? fallback;
  if (err instanceof Error) {
    // Errors built elsewhere in the same '{status}: {body}' shape.
    const match = /^\d{3}: ([\s\S]*)$/.exec(err.message);
    if (match) return readableBody(match[1] ?? '') ?? fallback;
    // fetch() rejects with a TypeError when the network is down or the request is blocked.
    if (err.name === 'TypeError') return 'Could not reach the server. Check your connection and try again.';
    return err.message || fallback;
  }
  return fallback;
}

/**
 * The machine-readable code of an error answer: the server's error handler sends it as `error`
 * ('KYC_REQUIRED', 'ADDRESS_REQUIRED', 'NOT_FOUND'...), better-auth as `code`.
 */
export function apiErrorCode(err: unknown): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const json = err.json;
  if (json && typeof json === 'object') {
    if ('error' in json && typeof json.error === 'string') return json.error;
    if ('code' in json && typeof json.code === 'string') return json.code;
  }
  return undefined;
}
