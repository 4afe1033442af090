// Signed-in routes answer 401 to visitors, and the appraisers' routes 403 to clients, before their
// body, query or parameters are read, so a stranger learns nothing from validation errors. One hook
// of each kind for all routes; the services still check the actor themselves (access/actor.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** An onRequest hook for appraisers only: a route's `onRequest`, or a whole encapsulated plugin's. */
export function adminOnly(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    await app.requireAdmin(request);
  };
}

/** An onRequest hook for anyone signed in (clients and appraisers). */
export function signedInOnly(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    await app.requireUser(request);
  };
}
