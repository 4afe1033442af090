import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createLabelSchema, idSchema, shippingLabelSchema } from '@assay/domain';
import { z } from 'zod';
import { createInboundLabel, getLabelPdf, getLatestLabel } from './shipping-labels.service.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import { signedInOnly } from '../../access/route-guards.ts';

export async function shippingLabelsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // Visitors get 401 before their body or ids are looked at.
  const signedIn = signedInOnly(app);

  r.post(
    '/api/shipping/labels',
    {
      onRequest: signedIn,
      schema: {
        tags: ['shipping'],
        summary: 'Creates the prepaid label to send a submission in, or answers the existing one.',
        security: SIGNED_IN,
        body: createLabelSchema,
        response: { 200: shippingLabelSchema, 201: shippingLabelSchema },
      },
    },
    async (request, reply) => {
      const user = await app.requireUser(request);
      const { label, created } = await createInboundLabel(ctx, user, request.body);
      return reply.status(created ? 201 : 200).send(label);
    },
  );

  r.get(
    '/api/shipping/labels/latest',
    {
      onRequest: signedIn,
      schema: {
        tags: ['shipping'],
        summary: "Shows the signed-in client's latest shipping label.",
        security: SIGNED_IN,
        response: { 200: shippingLabelSchema },
      },
    },
    async (request) => getLatestLabel(ctx, await app.requireUser(request)),
  );

  r.get(
    '/api/shipping/labels/:id/pdf',
    {
      onRequest: signedIn,
      schema: {
        tags: ['shipping'],
        summary: 'Downloads a shipping label as a 4x6 PDF.',
        security: SIGNED_IN,
        params: z.object({ id: idSchema('label') }),
      },
    },
    async (request, reply) => {
      const user = await app.requireUser(request);
      const { filename, pdf } = await getLabelPdf(ctx, user, request.params);
      return (
        reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${filename}"`)
          // It carries a home address: never kept by a shared cache.
          .header('cache-control', 'private, no-store')
          .send(pdf)
      );
    },
  );
}
