import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';

export async function healthRoutes(app: FastifyInstance, opts: { database: Database }) {
  app.get('/healthz', { schema: { tags: ['health'], summary: 'Answers while the process is up.' } }, async () => ({
    status: 'ok',
  }));

  app.get(
    '/readyz',
    { schema: { tags: ['health'], summary: 'Answers 200 when the database answers, 503 when not.' } },
    async (request, reply) => {
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
