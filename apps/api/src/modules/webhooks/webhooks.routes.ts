// POST /api/webhooks/paypal: PayPal's signed deliveries about payout items; POST
// /api/webhooks/carrier: EasyPost's signed tracker events. Each signature covers the exact bytes sent, so this route reads the body raw (its own JSON parser, only here);
// a delivery is verified, read, stored once and acknowledged, and a job applies it.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { easyPostWebhookReceiver, payPalWebhookReceiver } from './webhooks.service.ts';

/** PayPal's deliveries are small; anything this big is not one. */
const MAX_WEBHOOK_BYTES = 256 * 1024;

const receivedSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

export async function webhooksRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const receivePayPal = payPalWebhookReceiver(ctx.config.paypal, ctx.clock);
  const receiveEasyPost = easyPostWebhookReceiver(ctx.config.carrier);

  // Encapsulated: every other route keeps Fastify's JSON parsing.
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: MAX_WEBHOOK_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  r.post(
    '/api/webhooks/paypal',
    {
      bodyLimit: MAX_WEBHOOK_BYTES,
      schema: {
        tags: ['webhooks'],
        summary: "Receives PayPal Payouts' signed item events (SUCCEEDED, FAILED, RETURNED, UNCLAIMED, BLOCKED...).",
        security: [],
        response: { 200: receivedSchema },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const stored = await receivePayPal(ctx.db, { headers: request.headers, raw, at: ctx.clock.now() });
      return { received: true as const, duplicate: stored.duplicate };
    },
  );

  r.post(
    '/api/webhooks/carrier',
    {
      bodyLimit: MAX_WEBHOOK_BYTES,
      schema: {
        tags: ['webhooks'],
        summary: "Receives EasyPost's signed tracker events (a parcel in transit, delivered...).",
        security: [],
        response: { 200: receivedSchema },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const stored = await receiveEasyPost(ctx.db, { headers: request.headers, raw, at: ctx.clock.now() });
      return { received: true as const, duplicate: stored.duplicate };
    },
  );
}
