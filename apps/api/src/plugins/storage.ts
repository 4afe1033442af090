// Photo storage for the whole app (local folder or S3, per config). The cleanup of uploads that
// were never finished or never used runs as scheduled jobs (modules/uploads/uploads.jobs.ts);
// app.cleanupUploads() runs one pass now (tests, operators).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ObjectStorage } from '../adapters/storage/object-storage.ts';
import type { Db } from '../db/client.ts';
import { type CleanupResult, cleanupUploads } from '../modules/uploads/uploads.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: ObjectStorage;
    /** One cleanup pass now (a pass already running is joined, not doubled). */
    cleanupUploads(now?: Date): Promise<CleanupResult>;
  }
}

export const storagePlugin = fp(
  // The storage is the composition root's; this plugin exposes it and closes it.
  async (app: FastifyInstance, opts: { db: Db; storage: ObjectStorage }) => {
    const { storage } = opts;
    app.decorate('storage', storage);

    let running: Promise<CleanupResult> | null = null;
    app.decorate('cleanupUploads', (now?: Date) => {
      running ??= cleanupUploads(opts.db, storage, now).finally(() => (running = null));
      return running;
    });
    app.addHook('onClose', async () => {
      if (running) await running.catch(() => undefined);
      storage.close?.();
    });
  },
  { name: 'storage' },
);
