// HTTP for photos: POST /api/objects/upload (a signed URL), PUT <that URL> (the raw bytes) and
// GET /api/objects/<id>[?size=thumb] (the photo, private).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createUploadSchema, uploadedImageSchema, uploadUrlSchema } from '@assay/domain';
import { notFound } from '../../lib/app-error.ts';
import { createUploadUrl, getImage, receiveUpload } from './uploads.service.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import { signedInOnly } from '../../access/route-guards.ts';

const imageParams = z.object({ imageId: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/) });
// Checked by the service, so that a damaged link is a 403 like any other bad signature.
const ticketQuery = z.object({ expires: z.string().max(32).optional(), signature: z.string().max(256).optional() });
const imageQuery = z.object({
  size: z.enum(['thumb', 'full'], { error: "size must be 'thumb' or left out." }).optional(),
});

export async function uploadsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // Visitors get 401 before their body or parameters are looked at.
  const signedIn = signedInOnly(app);
  // Runs after signedIn, so the limit is per person (a household behind one address is not one).
  const perPerson = (request: FastifyRequest) => request.user?.id ?? request.ip;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/objects/upload',
    {
      onRequest: signedIn,
      // Each call makes a row; a person uploads 4 photos, with retries a few more.
      config: { rateLimit: { max: 60, timeWindow: 60_000, keyGenerator: perPerson } },
      schema: {
        tags: ['uploads'],
        summary: 'Gives a signed link to upload one photo to.',
        security: SIGNED_IN,
        body: createUploadSchema.nullish(),
        response: { 200: uploadUrlSchema },
      },
    },
    async (request, reply) => {
      const user = await app.requireUser(request);
      reply.header('cache-control', 'no-store');
      const { uploadURL, imageId } = await createUploadUrl(ctx, user, request.body);
      return { uploadURL, imageId };
    },
  );

  r.get(
    '/api/objects/:imageId',
    {
      onRequest: signedIn,
      schema: {
        tags: ['uploads'],
        summary: 'Downloads a photo, or its thumbnail, to its owner or an admin.',
        security: SIGNED_IN,
        params: imageParams.catch({ imageId: '' }),
        querystring: imageQuery,
      },
    },
    async (request, reply) => {
      const user = await app.requireUser(request);
      if (!request.params.imageId) throw notFound('Photo');
      const object = await getImage(ctx, user, { imageId: request.params.imageId, size: request.query.size ?? 'full' });
      reply.header('cache-control', 'private, max-age=3600');
      reply.header('content-type', object.contentType);
      if (object.size !== undefined) reply.header('content-length', object.size);
      return reply.send(object.body);
    },
  );

  // The PUT lives in its own context: every content type reaches the handler as the raw stream,
  // unread, so the service decides by the bytes and stops reading at 10 MB.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    raw.withTypeProvider<ZodTypeProvider>().put(
      '/api/objects/uploads/:imageId',
      {
        onRequest: signedIn,
        schema: {
          tags: ['uploads'],
          summary: "Uploads a photo's raw bytes to a signed link.",
          security: SIGNED_IN,
          params: imageParams.catch({ imageId: '' }),
          querystring: ticketQuery,
          response: { 200: uploadedImageSchema },
        },
      },
      async (request, reply) => {
        const user = await app.requireUser(request);
        const length = Number(request.headers['content-length']);
        try {
          return await receiveUpload(ctx, user, {
            ticket: { imageId: request.params.imageId, expires: request.query.expires, signature: request.query.signature },
            body: request.body,
            declaredLength: Number.isFinite(length) ? length : undefined,
          });
        } catch (err) {
          // A refused body may still be arriving: close the connection rather than read it all.
          if (!request.raw.readableEnded) reply.header('connection', 'close');
          throw err;
        }
      },
    );
  });
}
