// Payouts: the client's list and new details for a payout that failed or came back
// (POST /api/transactions/:id/retry), and the appraisers' payouts queue (pending and sent), the
// audited look at bank numbers, the second admin's approval, "mark sent" and the manual rail's
// confirmation ("paid", decision 034). Accepting an offer
// (POST /api/transactions) is the workflow modules/offer-acceptance.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPayoutListQuerySchema,
  adminPayoutListSchema,
  idSchema,
  confirmManualPayoutSchema,
  markPayoutSentSchema,
  retryPayoutSchema,
  revealedBankDetailsSchema,
  transactionListSchema,
  transactionSchema,
} from '@assay/domain';
import { conflict } from '../../lib/app-error.ts';
import { listPayouts } from './list-payouts.ts';
import { listTransactions } from './list-own-payouts.ts';
import { markPayoutSent } from './mark-payout-sent.ts';
import { confirmManualPayout } from './confirm-manual-payout.ts';
import { payoutMessages } from './payout-view.ts';
import { revealBankDetails } from './reveal-bank-details.ts';
import { retryPayout } from './retry-payout.ts';
import { approvePayout } from './payout-approval.service.ts';
import { adminOnly, signedInOnly } from '../../access/route-guards.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';

const transactionParams = z.object({ id: idSchema('payout') });

export async function transactionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // Visitors hear 401 before their body is even read.
  const signedIn = signedInOnly(app);

  r.get(
    '/api/transactions',
    {
      schema: {
        tags: ['transactions'],
        summary: "Lists the signed-in client's payouts.",
        security: SIGNED_IN,
        response: { 200: transactionListSchema },
      },
    },
    async (request) => {
      const user = await app.requireUser(request);
      return listTransactions(ctx, user);
    },
  );

  r.post(
    '/api/transactions/:id/retry',
    {
      onRequest: signedIn,
      schema: {
        tags: ['transactions'],
        summary: 'Gives new details for a failed, returned or unclaimed payout and tries it again.',
        security: SIGNED_IN,
        params: transactionParams,
        body: retryPayoutSchema,
        response: { 200: transactionSchema },
      },
    },
    async (request) => {
      const user = await app.requireUser(request);
      return retryPayout(ctx, user, { transactionId: request.params.id, choice: request.body });
    },
  );

  // The appraisers' side, in its own encapsulated context: the hook guards these routes only.
  await app.register(async (admin) => {
    admin.addHook('onRequest', adminOnly(app));
    const a = admin.withTypeProvider<ZodTypeProvider>();

    // The payouts queue: ?status=pending (default, oldest first) or sent (newest first), at most 100.
    a.get(
      '/api/admin/payouts',
      {
        schema: {
          tags: ['admin'],
          summary: 'Lists the payouts queue, pending or sent.',
          security: SIGNED_IN,
          querystring: adminPayoutListQuerySchema,
          response: { 200: adminPayoutListSchema },
        },
      },
      async (request) => listPayouts(ctx, await app.requireAdmin(request), request.query),
    );

    // POST, not GET: the answer must never sit in a cache or a browser history, and each look is audited.
    a.post(
      '/api/admin/transactions/:id/bank-details',
      {
        schema: {
          tags: ['admin'],
          summary: "Reveals a payout's bank details and records who looked.",
          security: SIGNED_IN,
          params: transactionParams,
          response: { 200: revealedBankDetailsSchema },
        },
      },
      async (request, reply) => {
        const details = await revealBankDetails(ctx, await app.requireAdmin(request), { transactionId: request.params.id });
        if (!details) throw conflict(payoutMessages.noBankDetails);
        reply.header('cache-control', 'no-store');
        return details;
      },
    );

    // Four eyes on large payments: a second admin, never the offer's maker, lets a large payout go.
    a.post(
      '/api/admin/payouts/:id/approve',
      {
        schema: {
          tags: ['admin'],
          summary: "Approves a large payout as the second admin (not the offer's maker), so its rail may take it.",
          security: SIGNED_IN,
          params: transactionParams,
          response: { 200: transactionSchema },
        },
      },
      async (request) => approvePayout(ctx, await app.requireStepUp(request), { transactionId: request.params.id }),
    );

    a.post(
      '/api/admin/transactions/:id/sent',
      {
        schema: {
          tags: ['admin'],
          summary: 'Marks a payout paid by hand as sent (on its way) with its reference.',
          security: SIGNED_IN,
          params: transactionParams,
          body: markPayoutSentSchema,
          response: { 200: transactionSchema },
        },
      },
      async (request) =>
        // Money leaves: a code proved in the last minutes (decision 026).
        markPayoutSent(ctx, await app.requireStepUp(request), {
          transactionId: request.params.id,
          reference: request.body.reference,
        }),
    );

    a.post(
      '/api/admin/transactions/:id/paid',
      {
        schema: {
          tags: ['admin'],
          summary: "Confirms a payout sent by hand as paid, with the provider's confirmation.",
          security: SIGNED_IN,
          params: transactionParams,
          body: confirmManualPayoutSchema,
          response: { 200: transactionSchema },
        },
      },
      async (request) =>
        // The seller is told "paid" and the ledger settles: as sure a hand as the one that sent it.
        confirmManualPayout(ctx, await app.requireStepUp(request), {
          transactionId: request.params.id,
          confirmation: request.body.confirmation,
        }),
    );
  });
}
