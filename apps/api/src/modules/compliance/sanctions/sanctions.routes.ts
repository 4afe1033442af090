// HTTP for sanctions screening (appraisers only): the loaded list's date, the screenings (the
// possible matches are the queue), and the decision on one.
import {
  idSchema,
  sanctionsListStateSchema,
  sanctionsScreeningSchema,
  screeningDecisionSchema,
  screeningStatuses,
} from '@assay/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOnly } from '../../../access/route-guards.ts';
import { SIGNED_IN } from '../../../plugins/api-docs.ts';
import { sanctionsListState } from './sanctions-list.service.ts';
import { decideScreening, listScreenings } from './screening-decisions.service.ts';

const screeningsQuery = z.object({
  status: z.enum(screeningStatuses, { message: `status is one of ${screeningStatuses.join(', ')}.` }).optional(),
});
const screeningParams = z.object({ id: idSchema('screening') });

export async function sanctionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const adminsOnly = adminOnly(app);

  r.get(
    '/api/admin/compliance/sanctions-list',
    {
      onRequest: adminsOnly,
      schema: {
        tags: ['admin'],
        summary: "Shows the loaded OFAC SDN list's publication date, size and age, or that none is loaded.",
        security: SIGNED_IN,
        response: { 200: sanctionsListStateSchema },
      },
    },
    async (request) => {
      await app.requireAdmin(request);
      return sanctionsListState(ctx.db, ctx.clock.now().toISOString().slice(0, 10));
    },
  );

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
