// The process and its HTTP face: environment, address and port, the drain on SIGTERM, the public
// URL and the proxies in front, how many instances share the work and where the jobs run.
import path from 'node:path';
import { z } from 'zod';
import { booleanFlag, emptyToUndefined, optionalString, optionalUrl, repoRoot } from './env.ts';

export const serverEnv = {
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
  HOST: optionalString,
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  // The most a SIGTERM's drain may take (open requests, running jobs, the database's close); under
  // the orchestrator's own grace period (Docker's 10 s by default, Kubernetes' 30 s), so our log,
  // not its kill, says what was cut off.
  SHUTDOWN_TIMEOUT_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'SHUTDOWN_TIMEOUT_SECONDS must be a whole number of seconds, like 25' })
      .int('SHUTDOWN_TIMEOUT_SECONDS must be a whole number of seconds, like 25')
      .min(1, 'SHUTDOWN_TIMEOUT_SECONDS must be at least 1')
      .max(3600, 'SHUTDOWN_TIMEOUT_SECONDS must be at most 3600 (an hour)')
      .default(25),
  ),
  PUBLIC_URL: optionalUrl('PUBLIC_URL'),
  TRUST_PROXY: optionalString,
  // Shared state of several instances (DECISIONS "Running several instances"): route rate limits.
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL, like redis://127.0.0.1:6379')
      .optional(),
  ),
  /**
   * How many app instances serve this deployment (behind one load balancer). More than one needs
   * what instances share: PostgreSQL, S3 photo storage and, for rate limits, Redis.
   */
  INSTANCES: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int('INSTANCES must be a whole number').min(1, 'INSTANCES must be at least 1').default(1),
  ),
  /**
   * Where this process's background jobs run: `in-process` (the default: `npm start` runs them too)
   * or `worker` (this server only serves HTTP; `npm run worker` processes run the jobs). Several
   * instances and a worker: every instance says `worker`.
   */
  BACKGROUND_JOBS: z.preprocess(
    emptyToUndefined,
    z.enum(['in-process', 'worker'], { error: 'BACKGROUND_JOBS must be in-process or worker' }).default('in-process'),
  ),
  /** Keys in a shared Redis start with this, so two deployments can share one server. */
  REDIS_KEY_PREFIX: z.preprocess(emptyToUndefined, z.string().max(64).default('assay:')),
  DEMO_MODE: booleanFlag,
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  WEB_DIST_DIR: z.preprocess(emptyToUndefined, z.string().default(path.join(repoRoot, 'apps/web/dist'))),
};

export function allowedOrigins(publicUrl: string | undefined, port: number, production: boolean): string[] {
  const origins = new Set<string>();
  if (publicUrl) origins.add(new URL(publicUrl).origin);
  if (!production || !publicUrl) {
    origins.add(`http://localhost:${port}`);
    origins.add(`http://127.0.0.1:${port}`);
  }
  return [...origins];
}
