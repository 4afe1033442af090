// Photo storage for the whole app (local folder or S3, per config). The cleanup of uploads that
// were never finished or never used runs as scheduled jobs (modules/uploads/uploads.jobs.ts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ObjectStorage } from '../adapters/storage/object-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: ObjectStorage;
  }
}

export const storagePlugin = fp(
  // The storage is the composition root's; this plugin exposes it and closes it.
  async (app: FastifyInstance, opts: { storage: ObjectStorage }) => {
    const { storage } = opts;
    app.decorate('storage', storage);
    app.addHook('onClose', async () => {
      storage.close?.();
    });
  },
  { name: 'storage' },
);
