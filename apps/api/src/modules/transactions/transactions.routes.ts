import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createTransactionSchema, transactionListSchema, transactionSchema } from '@assay/domain';
import { createPayoutAdapter } from '../../adapters/payouts/index.ts';
import type { PayoutAdapter } from '../../adapters/payouts/payout-adapter.ts';
import type { Db } from '../../db/client.ts';
import { createTransaction, listTransactions } from './transactions.service.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';

export async function transactionsRoutes(app: FastifyInstance, opts: { db: Db; payouts?: PayoutAdapter }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const payouts = opts.payouts ?? createPayoutAdapter();
  // Visitors hear 401 before their body is even read.
  const signedIn = async (request: FastifyRequest) => {
    await app.requireUser(request);
  };

  r.get('/api/transactions', { schema: { tags: ['transactions'], summary: "Lists the signed-in client's payouts.", security: SIGNED_IN, response: { 200: transactionListSchema } } }, async (request) => {
    const user = await app.requireUser(request);
    return listTransactions(opts.db, user);
  });

  r.post(
    '/api/transactions',
    { onRequest: signedIn, schema: { tags: ['transactions'], summary: 'Accepts an offer and chooses how to be paid.', security: SIGNED_IN, body: createTransactionSchema, response: { 201: transactionSchema } } },
    async (request, reply) => {
      const user = await app.requireUser(request);
      const created = await createTransaction(opts.db, user, request.body, {
        encryptionKey: app.deps.secrets.encryptionKey,
        payouts,
        log: request.log,
      });
      return reply.status(201).send(created);
    },
  );
}
