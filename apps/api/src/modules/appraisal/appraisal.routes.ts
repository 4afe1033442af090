// The appraiser's commands: SPEC 7's PUT /api/submissions/{id} (offer, receive, return, notes) and
// the workflow buttons. Admins only: visitors hear 401 and clients 403 before any input is read.
// Each command answers with the submission it changed; the answer's shape (the mailbox's card) is
// a view's, handed in by whoever registers these routes, since a workflow imports no view.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type AdminSubmission,
  adminSubmissionSchema,
  adminUpdateSubmissionSchema,
  idSchema,
  receiveSubmissionSchema,
  requestPhotosSchema,
  returnSubmissionSchema,
} from '@assay/domain';
import { acceptCounterOffer } from './accept-counter-offer.ts';
import { markReturnDelivered } from './record-return-delivered.ts';
import { receiveSubmission } from './receive-submission.ts';
import { reissueOffer } from './reissue-offer.ts';
import { requestIdVerification } from './request-id-verification.ts';
import { requestPhotos } from './request-photos.ts';
import { returnSubmission } from './return-submission.ts';
import { updateSubmission } from './update-submission.ts';
import { adminOnly } from '../../access/route-guards.ts';
import type { DbOrTx } from '../../db/client.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import type { SubmissionRow } from '../submissions/index.ts';

const submissionParams = z.object({ id: idSchema('submission') });

export interface AppraisalRoutesOptions {
  /** The submission a command changed, read after its commit as the mailbox shows it. */
  present: (db: DbOrTx, row: SubmissionRow) => Promise<AdminSubmission>;
}

export async function appraisalRoutes(app: FastifyInstance, { present }: AppraisalRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const answer = async (changed: Promise<SubmissionRow>) => present(ctx.db, await changed);
  // Encapsulated: the hook guards exactly these routes, before validation.
  app.addHook('onRequest', adminOnly(app));

  // SPEC 7: PUT /api/submissions/{id} {finalOffer, actualWeight, adminNotes, status} (+ version).
  r.put(
    '/api/submissions/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Records the appraisal: final offer, actual weight, notes and status.',
        security: SIGNED_IN,
        params: submissionParams,
        body: adminUpdateSubmissionSchema,
        response: { 200: adminSubmissionSchema },
      },
    },
    async (request) => answer(updateSubmission(ctx, await app.requireAdmin(request), { ...request.body, id: request.params.id })),
  );

  r.post(
    '/api/admin/submissions/:id/receive',
    {
      schema: {
        tags: ['admin'],
        summary: 'Marks a submission as received at the office, with up to 8 intake photos.',
        security: SIGNED_IN,
        params: submissionParams,
        body: receiveSubmissionSchema,
        response: { 200: adminSubmissionSchema },
      },
    },
    async (request) =>
      answer(
        receiveSubmission(ctx, await app.requireAdmin(request), {
          id: request.params.id,
          intakePhotoIds: request.body.intakePhotoIds,
        }),
      ),
  );

  r.post(
    '/api/admin/submissions/:id/return-delivered',
    {
      schema: {
        tags: ['admin'],
        summary: 'Marks a returning item as delivered back to its client.',
        security: SIGNED_IN,
        params: submissionParams,
        response: { 200: adminSubmissionSchema },
      },
    },
    async (request) => answer(markReturnDelivered(ctx, await app.requireAdmin(request), request.params)),
  );

  r.post(
    '/api/admin/submissions/:id/return',
    {
      schema: {
        tags: ['admin'],
        summary: 'Sends a submission back to its client (returning, with a return label); one never received is closed.',
        security: SIGNED_IN,
        params: submissionParams,
        body: returnSubmissionSchema,
        response: { 200: adminSubmissionSchema },
      },
    },
    async (request) =>
      answer(returnSubmission(ctx, await app.requireAdmin(request), { id: request.params.id, reason: request.body.reason })),
  );

  r.post(
    '/api/admin/submissions/:id/request-photos',
    {
      schema: {
        tags: ['admin'],
        summary: 'Asks the client for more photos of a submission.',
        security: SIGNED_IN,
        params: submissionParams,
        body: requestPhotosSchema,
        response: { 200: adminSubmissionSchema },
      },
    },
    async (request) =>
      answer(requestPhotos(ctx, await app.requireAdmin(request), { id: request.params.id, message: request.body.message })),
  );

  r.post(
    '/api/admin/submissions/:id/request-id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Asks the client to verify their identity before the payout.',
        security: SIGNED_IN,
        params: submissionParams,
        response: { 200: adminSubmissionSchema },
      },
    },
    async (request) => answer(requestIdVerification(ctx, await app.requireAdmin(request), request.params)),
  );

  r.post(
    '/api/admin/submissions/:id/offer/reissue',
    {
      schema: {
        tags: ['admin'],
        summary: "Re-issues the current offer (lapsed or not) at today's prices, as a new version.",
        security: SIGNED_IN,
        params: submissionParams,
        response: { 200: adminSubmissionSchema },
      },
    },
    async (request) => answer(reissueOffer(ctx, await app.requireAdmin(request), request.params)),
  );

  r.post(
    '/api/admin/submissions/:id/counter/accept',
    {
      schema: {
        tags: ['admin'],
        summary: "Accepts the seller's counter-offer: it becomes the offer, as a new version.",
        security: SIGNED_IN,
        params: submissionParams,
        response: { 200: adminSubmissionSchema },
      },
    },
    async (request) => answer(acceptCounterOffer(ctx, await app.requireAdmin(request), request.params)),
  );
}
