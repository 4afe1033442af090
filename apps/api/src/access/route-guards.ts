// The appraisers' routes answer 401 to visitors and 403 to clients before their body, query or
// parameters are read, so a stranger learns nothing from validation errors. One hook for all of
// them; the services still check the actor themselves (access/actor.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** An onRequest hook for appraisers only: a route's `onRequest`, or a whole encapsulated plugin's. */
export function adminOnly(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    await app.requireAdmin(request);
  };
}
