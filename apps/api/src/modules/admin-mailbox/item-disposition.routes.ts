// The disposition of a bought item after its hold (a compliance command), answered with the
// submission as the mailbox shows it. Admins only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminSubmissionSchema, dispositionBodySchema, idSchema } from '@assay/domain';
import { adminOnly } from '../../access/route-guards.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import { disposeItem } from '../compliance/index.ts';
import { adminSubmissionOf } from './admin-mailbox.service.ts';

const submissionParams = z.object({ id: idSchema('submission') });

export async function itemDispositionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  app.addHook('onRequest', adminOnly(app));

  r.post(
    '/api/admin/submissions/:id/disposition',
    {
      schema: {
        tags: ['admin'],
        summary: 'Records that a bought item is melted, resold or consigned, once its hold is over.',
        security: SIGNED_IN,
        params: submissionParams,
        body: dispositionBodySchema,
        response: { 200: adminSubmissionSchema },
      },
    },
    async (request) => {
      const updated = await disposeItem(ctx, await app.requireAdmin(request), {
        id: request.params.id,
        body: request.body,
      });
      return adminSubmissionOf(ctx.db, updated, ctx.clock.now());
    },
  );
}
