// The one interface background work is written against: named, typed jobs on queues with retries,
// dead letters and singleton schedules. pg-boss-engine.ts implements it on PostgreSQL and PGlite;
// handlers live in the module of their concept (*.jobs.ts) and are listed in job-registry.ts.
import type { Db } from '../db/client.ts';

/**
 * standard: any number at once. singleton: at most one running at a time (across processes).
 * stately: at most one waiting and one running per singleton key, so a second send is dropped.
 */
export type QueuePolicy = 'standard' | 'singleton' | 'stately';

export interface QueueOptions {
  policy?: QueuePolicy;
  /** Tries after the first one; 0 means a failure is final. */
  retryLimit?: number;
  /** Seconds before a retry; with backoff, doubled on each retry (with jitter). */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** The queue a job moves to after its last failed try. */
  deadLetter?: string;
  /** A run taking longer counts as failed (its process presumably died). */
  expireInSeconds?: number;
}

export interface EnqueueOptions {
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
  /** With a singleton or stately queue: the key that makes sends of the same thing collapse. */
  singletonKey?: string;
}

export interface JobRun {
  id: string;
  /** The database, to enqueue follow-up jobs. */
  db: Db;
}

export type JobMap = { [name: string]: object };

export interface JobSpec<Defs extends JobMap, N extends keyof Defs & string> {
  name: N;
  queue?: QueueOptions;
  /** Cron in UTC (per minute at best); one instance sends each tick, the queue's policy does the rest. */
  schedule?: { cron: string; singletonKey?: string };
  /** Sent when the engine starts, e.g. the first link of a self-rescheduling job. */
  kickoff?: { payload: Defs[N]; options?: EnqueueOptions };
  /** Absent: the queue only keeps its jobs (a dead-letter queue read by people). */
  handle?: (payload: Defs[N], run: JobRun) => Promise<void>;
}

/** Any job of the map, for lists of jobs of different names. */
export type AnyJobSpec<Defs extends JobMap> = { [N in keyof Defs & string]: JobSpec<Defs, N> }[keyof Defs & string];

export interface JobEngine {
  /** Creates the engine's tables (idempotent) and every queue, so enqueue() stores jobs. */
  install(): Promise<void>;
  /** Starts working the queues and sending the schedules. */
  start(): Promise<void>;
  /** Stops taking jobs and waits up to `timeoutMs` for running ones; unfinished ones are retried later. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

/** Helps TypeScript check a job's handler against its name's payload. */
export function defineJob<Defs extends JobMap, N extends keyof Defs & string>(spec: JobSpec<Defs, N>): JobSpec<Defs, N> {
  return spec;
}

/** The part of pino the engine and the handlers use, so they need no Fastify types. */
export interface JobLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}
