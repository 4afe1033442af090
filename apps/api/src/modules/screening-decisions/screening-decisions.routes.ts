// HTTP for sanctions screenings (appraisers only): the screenings (the possible matches are the
// queue), and the decision on one.
import { idSchema, sanctionsScreeningSchema, screeningDecisionSchema, screeningStatuses } from '@assay/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOnly } from '../../access/route-guards.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import { decideScreening, listScreenings } from './screening-decisions.service.ts';

const screeningsQuery = z.object({
  status: z.enum(screeningStatuses, { message: `status is one of ${screeningStatuses.join(', ')}.` }).optional(),
});
const screeningParams = z.object({ id: idSchema('screening') });

export async function screeningDecisionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const adminsOnly = adminOnly(app);

  r.get(
    '/api/admin/compliance/screenings',
    {
      onRequest: adminsOnly,
      schema: {
        tags: ['admin'],
        summary: "Lists sellers' sanctions screenings; status=possible-match is the queue to decide.",
        security: SIGNED_IN,
        querystring: screeningsQuery,
        response: { 200: z.array(sanctionsScreeningSchema) },
      },
    },
    async (request) => listScreenings(ctx, await app.requireAdmin(request), { status: request.query.status }),
  );

  r.post(
    '/api/admin/compliance/screenings/:id/decision',
    {
      onRequest: adminsOnly,
      schema: {
        tags: ['admin'],
        summary: 'Clears or blocks a possible sanctions match, with a reason; the payout hold follows.',
        security: SIGNED_IN,
        params: screeningParams,
        body: screeningDecisionSchema,
        response: { 200: sanctionsScreeningSchema },
      },
    },
    async (request) => {
      // Clearing a possible match releases a payout: a code proved in the last minutes (decision 026).
      const appraiser = await (request.body.decision === 'clear' ? app.requireStepUp(request) : app.requireAdmin(request));
      return decideScreening(ctx, appraiser, { screeningId: request.params.id, ...request.body });
    },
  );
}
