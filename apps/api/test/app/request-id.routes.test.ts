// One request id from nginx through the instance (issue 29): the id a request came with, when safe,
// is the one every log line of the request carries (reqId) and the one its answer names
// (X-Request-Id); an unsafe one is replaced, and a request without one gets one. A 5xx answer
// names it in its body too, for the seller to quote to support.
import { Writable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/lib/logger.ts';
import { SAFE_REQUEST_ID } from '../../src/lib/request-id.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const NGINX_ID = '6f1d0c3b9e8a47b2a1c4d5e6f7a8b9c0';

/** The captured lines that belong to a request, by its reqId. */
const linesOf = (lines: string[], id: string) =>
  lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string }).filter((entry) => entry.reqId === id);

describe('the request id', () => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const testRoutes: FastifyPluginAsync = async (app) => {
      app.get('/test/logs', async (request) => {
        request.log.info('work of the request');
        return { ok: true };
      });
      app.get('/test/fails', async () => {
        throw new Error('a bug');
      });
    };
    t = await createTestApp('pglite', {}, { logger: { ...(loggerOptions('info') as object), stream }, plugins: [testRoutes] });
  });
  afterAll(() => t.close());

  it('sent by nginx is echoed in the answer and carried by every line of the request', async () => {
    lines.length = 0;
    const answer = await t.app.inject({ method: 'GET', url: '/test/logs', headers: { 'x-request-id': NGINX_ID } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-request-id']).toBe(NGINX_ID);
    expect(linesOf(lines, NGINX_ID).map((entry) => entry.msg)).toEqual([
      'incoming request',
      'work of the request',
      'request completed',
    ]);
    expect(lines.every((line) => (JSON.parse(line) as { reqId?: string }).reqId === NGINX_ID)).toBe(true);
  });

  it('that is unsafe or oversized is replaced by a new one, which the answer and the log carry', async () => {
    for (const unsafe of ['x'.repeat(129), 'two words here', 'forged\u2028line', 'short']) {
      lines.length = 0;
      const answer = await t.app.inject({ method: 'GET', url: '/test/logs', headers: { 'x-request-id': unsafe } });
      const id = answer.headers['x-request-id'] as string;
      expect(id).toMatch(SAFE_REQUEST_ID);
      expect(id).not.toBe(unsafe);
      expect(lines.join('\n')).not.toContain(unsafe);
      expect(linesOf(lines, id)).toHaveLength(3);
    }
  });

  it('is made for a request without one, and differs from request to request', async () => {
    lines.length = 0;
    const first = await t.app.inject({ method: 'GET', url: '/test/logs' });
    const second = await t.app.inject({ method: 'GET', url: '/test/logs' });
    const ids = [first.headers['x-request-id'], second.headers['x-request-id']] as string[];
    for (const id of ids) {
      expect(id).toMatch(SAFE_REQUEST_ID);
      expect(linesOf(lines, id)).toHaveLength(3);
    }
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('is in the body of a 500, and only of a 5xx', async () => {
    const failed = await t.app.inject({ method: 'GET', url: '/test/fails', headers: { 'x-request-id': NGINX_ID } });
    expect(failed.statusCode).toBe(500);
    expect(failed.headers['x-request-id']).toBe(NGINX_ID);
    expect(failed.json()).toEqual({
      statusCode: 500,
      error: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again in a moment.',
      requestId: NGINX_ID,
    });
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-route', headers: { 'x-request-id': NGINX_ID } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe(NGINX_ID);
    expect(missing.json()).not.toHaveProperty('requestId');
  });

  it('is named by an answer the router refuses before any hook runs', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/api/%ED%A0%80', headers: { 'x-request-id': NGINX_ID } });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['x-request-id']).toBe(NGINX_ID);
  });
});
