// Photo storage for the whole app (local folder or S3, per config), and the cleanup of uploads
// that were never finished or never used, every 10 minutes unless background jobs are off (tests
// call app.cleanupUploads() directly). The sweep of objects no row claims lists every photo, so
// the timer runs it only every few hours.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createStorage } from '../adapters/storage/create-storage.ts';
import type { ObjectStorage } from '../adapters/storage/object-storage.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { type CleanupResult, cleanupUploads } from '../modules/uploads/uploads.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: ObjectStorage;
    /** One cleanup pass now (a pass already running is joined, not doubled). */
    cleanupUploads(now?: Date): Promise<CleanupResult>;
  }
}

export const UPLOAD_CLEANUP_INTERVAL_MS = 10 * 60 * 1000;
export const ORPHAN_SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;

export const storagePlugin = fp(
  async (
    app: FastifyInstance,
    opts: { db: Db; config: Config['storage']; storage?: ObjectStorage; intervalMs?: number },
  ) => {
    const storage = opts.storage ?? createStorage(opts.config);
    app.decorate('storage', storage);

    let running: Promise<CleanupResult> | null = null;
    const cleanup = (now?: Date, sweepOrphans = true) => {
      running ??= cleanupUploads(opts.db, storage, now, { sweepOrphans }).finally(() => (running = null));
      return running;
    };
    app.decorate('cleanupUploads', (now?: Date) => cleanup(now));
    let lastOrphanSweep = Number.NEGATIVE_INFINITY;

    let timer: NodeJS.Timeout | null = null;
    if (opts.intervalMs !== 0) {
      timer = setInterval(() => {
        const sweepOrphans = Date.now() - lastOrphanSweep >= ORPHAN_SWEEP_INTERVAL_MS;
        if (sweepOrphans) lastOrphanSweep = Date.now();
        cleanup(undefined, sweepOrphans)
          .then((result) => {
            if (result.expiredUploads || result.unattachedImages || result.incompleteWrites || result.orphanObjects) {
              app.log.info(result, 'upload cleanup');
            }
            if (result.failedDeletes) app.log.warn(result, 'some photo files could not be deleted');
          })
          .catch((err: unknown) => app.log.warn({ err }, 'upload cleanup failed'));
      }, opts.intervalMs ?? UPLOAD_CLEANUP_INTERVAL_MS);
      timer.unref();
    }
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      if (running) await running.catch(() => undefined);
      storage.close?.();
    });
  },
  { name: 'storage' },
);
