// A person's submissions, payouts and address must not stay in a browser's cache or a shared proxy
// after they sign out. Every /api answer is no-store unless its route says otherwise (the public
// prices revalidate with an ETag; a photo may be kept privately for an hour).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const noStorePlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
      done();
    });
  },
  { name: 'no-store' },
);
