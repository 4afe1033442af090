// One id per request, the same in nginx's access log, in every line an instance logs for it (pino's
// `reqId`) and in the answer's X-Request-Id header, so a line from one place leads to the others
// (issue 29). Behind nginx the id is nginx's own; without it, a caller may send one. Either way it
// reaches the log only when it is short and plain: anything else could be a forged line, a control
// character or a megabyte of text, and the request gets an id of ours instead.
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What an id sent with a request must look like to be kept. */
export const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * Fastify's `genReqId`: the X-Request-Id the request came with when it is safe, else a random one.
 * (Fastify's `requestIdHeader` would take any value as it came, so it stays off.) A header sent
 * twice arrives joined with ", " and is replaced.
 */
export function requestIdOf(request: { headers: IncomingHttpHeaders }): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}
