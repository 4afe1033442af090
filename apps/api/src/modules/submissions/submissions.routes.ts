import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { listSubmissions } from './submissions.service.ts';

export async function submissionsRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.get('/api/submissions', async (request) => {
    const user = await app.requireUser(request);
    return listSubmissions(opts.db, user);
  });
}
