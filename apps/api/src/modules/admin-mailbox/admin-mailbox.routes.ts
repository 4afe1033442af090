// The appraisers' routes: the mailbox list, counts and detail, the offer (SPEC 7's PUT) and the
// workflow buttons. Admins only: visitors hear 401 and clients 403 before any input is read.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminKycListQuerySchema,
  adminKycRecordListSchema,
  adminKycRecordSchema,
  adminPayoutListQuerySchema,
  adminPayoutListSchema,
  adminSubmissionDetailSchema,
  adminSubmissionListQuerySchema,
  adminSubmissionPageSchema,
  adminSubmissionSchema,
  adminUpdateSubmissionSchema,
  idSchema,
  kycReviewSchema,
  markPayoutSentSchema,
  requestPhotosSchema,
  returnSubmissionSchema,
  revealedBankDetailsSchema,
  submissionCountsSchema,
  transactionSchema,
} from '@assay/domain';
import { decryptionKeys } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../lib/app-error.ts';
import { reviewKyc } from '../kyc/kyc.service.ts';
import { markPayoutSent, payoutMessages, revealBankDetails } from '../transactions/transactions.service.ts';
import {
  getKycRecord,
  getSubmissionDetail,
  listKyc,
  listMailbox,
  listPayouts,
  mailboxCounts,
  receiveSubmission,
  requestIdVerification,
  requestPhotos,
  returnSubmission,
  type ReturnShipping,
  updateSubmission,
} from './admin-mailbox.service.ts';

const submissionParams = z.object({ id: idSchema('submission') });
const kycParams = z.object({ recordId: idSchema('identity verification') });
const transactionParams = z.object({ id: idSchema('payout') });

export async function adminMailboxRoutes(app: FastifyInstance, opts: { db: Db; shipping: ReturnShipping }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  // This plugin is encapsulated, so the hook guards exactly the routes below, before validation.
  app.addHook('onRequest', async (request) => {
    await app.requireAdmin(request);
  });

  r.get(
    '/api/admin/submissions',
    { schema: { querystring: adminSubmissionListQuerySchema, response: { 200: adminSubmissionPageSchema } } },
    async (request) => listMailbox(db, request.query),
  );

  r.get('/api/admin/submissions/counts', { schema: { response: { 200: submissionCountsSchema } } }, async () =>
    mailboxCounts(db),
  );

  r.get(
    '/api/admin/submissions/:id',
    { schema: { params: submissionParams, response: { 200: adminSubmissionDetailSchema } } },
    async (request) => getSubmissionDetail(db, request.params.id),
  );

  // SPEC 7: PUT /api/submissions/{id} {finalOffer, actualWeight, adminNotes, status} (+ version).
  r.put(
    '/api/submissions/:id',
    { schema: { params: submissionParams, body: adminUpdateSubmissionSchema, response: { 200: adminSubmissionSchema } } },
    async (request) => updateSubmission(db, await app.requireAdmin(request), request.params.id, request.body, opts.shipping),
  );

  r.post(
    '/api/admin/submissions/:id/receive',
    { schema: { params: submissionParams, response: { 200: adminSubmissionSchema } } },
    async (request) => receiveSubmission(db, await app.requireAdmin(request), request.params.id),
  );

  r.post(
    '/api/admin/submissions/:id/return',
    { schema: { params: submissionParams, body: returnSubmissionSchema, response: { 200: adminSubmissionSchema } } },
    async (request) => returnSubmission(db, await app.requireAdmin(request), request.params.id, request.body.reason, opts.shipping),
  );

  r.post(
    '/api/admin/submissions/:id/request-photos',
    { schema: { params: submissionParams, body: requestPhotosSchema, response: { 200: adminSubmissionSchema } } },
    async (request) => requestPhotos(db, await app.requireAdmin(request), request.params.id, request.body.message),
  );

  r.post(
    '/api/admin/submissions/:id/request-id',
    { schema: { params: submissionParams, response: { 200: adminSubmissionSchema } } },
    async (request) => requestIdVerification(db, await app.requireAdmin(request), request.params.id),
  );

  r.get(
    '/api/admin/kyc',
    { schema: { querystring: adminKycListQuerySchema, response: { 200: adminKycRecordListSchema } } },
    async (request) => listKyc(db, request.query.status),
  );

  r.post(
    '/api/admin/kyc/:recordId/review',
    { schema: { params: kycParams, body: kycReviewSchema, response: { 200: adminKycRecordSchema } } },
    async (request) => {
      const reviewed = await reviewKyc(app.ctx, await app.requireAdmin(request), { ...request.body, recordId: request.params.recordId });
      return getKycRecord(db, reviewed.id);
    },
  );

  // The payouts queue: ?status=pending (default, oldest first) or sent (newest first), at most 100.
  r.get(
    '/api/admin/payouts',
    { schema: { querystring: adminPayoutListQuerySchema, response: { 200: adminPayoutListSchema } } },
    async (request) => listPayouts(db, request.query),
  );

  // POST, not GET: the answer must never sit in a cache or a browser history, and each look is audited.
  r.post(
    '/api/admin/transactions/:id/bank-details',
    { schema: { params: transactionParams, response: { 200: revealedBankDetailsSchema } } },
    async (request, reply) => {
      const admin = await app.requireAdmin(request);
      const details = await revealBankDetails(db, admin, request.params.id, decryptionKeys(app.deps.secrets));
      if (!details) throw conflict(payoutMessages.noBankDetails);
      reply.header('cache-control', 'no-store');
      return details;
    },
  );

  r.post(
    '/api/admin/transactions/:id/sent',
    { schema: { params: transactionParams, body: markPayoutSentSchema, response: { 200: transactionSchema } } },
    async (request) => markPayoutSent(db, await app.requireAdmin(request), request.params.id, request.body.reference),
  );
}
