import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { submissionListSchema } from '@assay/domain';
import type { Db } from '../../db/client.ts';
import { listSubmissions } from './submissions.service.ts';

export async function submissionsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/submissions', { schema: { response: { 200: submissionListSchema } } }, async (request) => {
    const user = await app.requireUser(request);
    return listSubmissions(opts.db, user);
  });
}
