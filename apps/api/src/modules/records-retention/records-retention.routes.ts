// Records past their retention period (issue 28 item 7). Admins only; the erase asks for a fresh
// second-factor code, like the other decisions that cannot be undone.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eraseRecordsRequestSchema, eraseRecordsResultSchema, retentionListSchema } from '@assay/domain';
import { adminOnly } from '../../access/route-guards.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import { eraseRecords, listPastRetention } from './records-retention.service.ts';

export async function recordsRetentionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  app.addHook('onRequest', adminOnly(app));

  r.get(
    '/api/admin/retention',
    {
      schema: {
        tags: ['admin'],
        summary: 'Lists finished submissions past their retention period and what an erase removes.',
        description:
          "A submission's period runs from its payment (or its return's delivery) for its stored rule's retentionYears, " +
          'or RECORDS_RETENTION_YEARS without one, never under RECORDS_RETENTION_MINIMUM_YEARS.',
        security: SIGNED_IN,
        response: { 200: retentionListSchema },
      },
    },
    async (request) => listPastRetention(ctx, await app.requireAdmin(request)),
  );

  r.post(
    '/api/admin/retention/erase',
    {
      schema: {
        tags: ['admin'],
        summary: "Erases the listed submissions' personal data, keeping the money's trail.",
        description:
          'Photos, label and check addresses, bank details, the statement IP and, with the last submission, the ID check. ' +
          'One transaction per submission; amounts, dates, statuses, ledger lines and audit entries stay. ' +
          'A submission not past its period is refused (409) and nothing is erased; erasing twice changes nothing more.',
        security: SIGNED_IN,
        body: eraseRecordsRequestSchema,
        response: { 200: eraseRecordsResultSchema },
      },
    },
    async (request) => eraseRecords(ctx, await app.requireStepUp(request), request.body),
  );
}
