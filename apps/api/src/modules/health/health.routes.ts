import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';

/** /readyz's sentence while the instance drains (lib/graceful-shutdown.ts). */
export const DRAINING_MESSAGE =
  'This instance is shutting down: it finishes the requests it has and takes no new ones. Send traffic to another instance.';

export async function healthRoutes(app: FastifyInstance, opts: { database: Database }) {
  // Set as soon as the app starts closing, while requests in flight still finish: the load balancer
  // and health checks that still reach this instance hear it is leaving before it stops answering.
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });

  app.get('/healthz', { schema: { tags: ['health'], summary: 'Answers while the process is up.' } }, async () => ({
    status: 'ok',
  }));

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'Answers 200 when the database answers, 503 when not or while the instance shuts down.',
      },
    },
    async (request, reply) => {
      if (draining) {
        return reply.status(503).send({ status: 'draining', database: opts.database.kind, message: DRAINING_MESSAGE });
      }
      try {
        await opts.database.ping();
        return { status: 'ready', database: opts.database.kind };
      } catch (err) {
        request.log.warn({ err }, 'database is not reachable');
        return reply
          .status(503)
          .send({ status: 'unavailable', database: opts.database.kind, message: 'The database is not reachable.' });
      }
    },
  );
}
