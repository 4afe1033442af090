import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { markNotificationsReadResponseSchema, markNotificationsReadSchema, notificationListSchema } from '@assay/domain';
import { listNotifications, markNotificationsRead } from './notifications.service.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import { signedInOnly } from '../../access/route-guards.ts';

export async function notificationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // Visitors hear 401 before their body is even read.
  const signedIn = signedInOnly(app);

  r.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "Lists the signed-in person's notifications, newest first.",
        security: SIGNED_IN,
        response: { 200: notificationListSchema },
      },
    },
    async (request) => {
      const user = await app.requireUser(request);
      return listNotifications(ctx, user);
    },
  );

  r.post(
    '/api/notifications/read',
    {
      onRequest: signedIn,
      schema: {
        tags: ['notifications'],
        summary: 'Marks some notifications, or all of them, as read.',
        security: SIGNED_IN,
        body: markNotificationsReadSchema,
        response: { 200: markNotificationsReadResponseSchema },
      },
    },
    async (request) => {
      const user = await app.requireUser(request);
      return markNotificationsRead(ctx, user, { ids: request.body?.ids });
    },
  );
}
