// The check every admins-only route suite makes first: a visitor gets 401 and a signed-in client
// 403 with the house's sentence, before the route reads its input.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export async function expectAdminsOnly(
  app: FastifyInstance,
  routes: readonly (readonly ['GET' | 'POST', string])[],
  clientCookie: string,
  postPayload = '{}',
): Promise<void> {
  for (const [method, url] of routes) {
    const as = (cookie?: string) =>
      app.inject({
        method,
        url,
        headers: { ...(cookie ? { cookie } : {}), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        ...(method === 'POST' ? { payload: postPayload } : {}),
      });
    expect((await as()).statusCode, `${method} ${url}`).toBe(401);
    const asClient = await as(clientCookie);
    expect(asClient.statusCode, `${method} ${url}`).toBe(403);
    expect(asClient.json().message).toBe('This area is for Assay appraisers only.');
  }
}
