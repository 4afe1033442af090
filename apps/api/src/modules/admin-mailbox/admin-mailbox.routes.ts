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
import { SIGNED_IN } from '../../plugins/api-docs.ts';

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
    { schema: { tags: ['admin'], summary: 'Lists the mailbox: submissions by status, category or search, a page at a time.', security: SIGNED_IN, querystring: adminSubmissionListQuerySchema, response: { 200: adminSubmissionPageSchema } } },
    async (request) => listMailbox(db, request.query),
  );

  r.get('/api/admin/submissions/counts', { schema: { tags: ['admin'], summary: 'Counts the submissions waiting in each part of the mailbox.', security: SIGNED_IN, response: { 200: submissionCountsSchema } } }, async () =>
    mailboxCounts(db),
  );

  r.get(
    '/api/admin/submissions/:id',
    { schema: { tags: ['admin'], summary: "Shows one submission with its history, the client's identity check and the payout.", security: SIGNED_IN, params: submissionParams, response: { 200: adminSubmissionDetailSchema } } },
    async (request) => getSubmissionDetail(db, request.params.id),
  );

  // SPEC 7: PUT /api/submissions/{id} {finalOffer, actualWeight, adminNotes, status} (+ version).
  r.put(
    '/api/submissions/:id',
    { schema: { tags: ['admin'], summary: 'Records the appraisal: final offer, actual weight, notes and status.', security: SIGNED_IN, params: submissionParams, body: adminUpdateSubmissionSchema, response: { 200: adminSubmissionSchema } } },
    async (request) => updateSubmission(db, await app.requireAdmin(request), request.params.id, request.body, opts.shipping),
  );

  r.post(
    '/api/admin/submissions/:id/receive',
    { schema: { tags: ['admin'], summary: 'Marks a submission as received at the office.', security: SIGNED_IN, params: submissionParams, response: { 200: adminSubmissionSchema } } },
    async (request) => receiveSubmission(db, await app.requireAdmin(request), request.params.id),
  );

  r.post(
    '/api/admin/submissions/:id/return',
    { schema: { tags: ['admin'], summary: 'Returns a submission to its client with a reason and a return label.', security: SIGNED_IN, params: submissionParams, body: returnSubmissionSchema, response: { 200: adminSubmissionSchema } } },
    async (request) => returnSubmission(db, await app.requireAdmin(request), request.params.id, request.body.reason, opts.shipping),
  );

  r.post(
    '/api/admin/submissions/:id/request-photos',
    { schema: { tags: ['admin'], summary: 'Asks the client for more photos of a submission.', security: SIGNED_IN, params: submissionParams, body: requestPhotosSchema, response: { 200: adminSubmissionSchema } } },
    async (request) => requestPhotos(db, await app.requireAdmin(request), request.params.id, request.body.message),
  );

  r.post(
    '/api/admin/submissions/:id/request-id',
    { schema: { tags: ['admin'], summary: 'Asks the client to verify their identity before the payout.', security: SIGNED_IN, params: submissionParams, response: { 200: adminSubmissionSchema } } },
    async (request) => requestIdVerification(db, await app.requireAdmin(request), request.params.id),
  );

  r.get(
    '/api/admin/kyc',
    { schema: { tags: ['admin'], summary: 'Lists identity verifications, by status.', security: SIGNED_IN, querystring: adminKycListQuerySchema, response: { 200: adminKycRecordListSchema } } },
    async (request) => listKyc(db, request.query.status),
  );

  r.post(
    '/api/admin/kyc/:recordId/review',
    { schema: { tags: ['admin'], summary: 'Approves or rejects an identity verification.', security: SIGNED_IN, params: kycParams, body: kycReviewSchema, response: { 200: adminKycRecordSchema } } },
    async (request) => {
      const reviewed = await reviewKyc(db, await app.requireAdmin(request), request.params.recordId, request.body);
      return getKycRecord(db, reviewed.id);
    },
  );

  // The payouts queue: ?status=pending (default, oldest first) or sent (newest first), at most 100.
  r.get(
    '/api/admin/payouts',
    { schema: { tags: ['admin'], summary: 'Lists the payouts queue, pending or sent.', security: SIGNED_IN, querystring: adminPayoutListQuerySchema, response: { 200: adminPayoutListSchema } } },
    async (request) => listPayouts(db, request.query),
  );

  // POST, not GET: the answer must never sit in a cache or a browser history, and each look is audited.
  r.post(
    '/api/admin/transactions/:id/bank-details',
    { schema: { tags: ['admin'], summary: "Reveals a payout's bank details and records who looked.", security: SIGNED_IN, params: transactionParams, response: { 200: revealedBankDetailsSchema } } },
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
    { schema: { tags: ['admin'], summary: 'Marks a payout as sent with its reference.', security: SIGNED_IN, params: transactionParams, body: markPayoutSentSchema, response: { 200: transactionSchema } } },
    async (request) => markPayoutSent(db, await app.requireAdmin(request), request.params.id, request.body.reference),
  );
}
