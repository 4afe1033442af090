// Route rate limits (@fastify/rate-limit; sign-in limits are better-auth's, kept in the database).
// One instance counts in its memory. With REDIS_URL every instance counts in Redis, so a limit
// holds however many instances share the load (DECISIONS "Running several instances"). When Redis
// cannot answer, each instance counts in its own memory until it can: a limit per instance, never
// none, and the app keeps serving; the change is logged once each way.
import { createRequire } from 'node:module';
import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/** What the plugin asks of a store: its typed contract, and `read`, which its stores also have. */
type Done = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteLimitOptions = Parameters<FastifyRateLimitStore['child']>[0];
interface RateLimitStore extends FastifyRateLimitStore {
  read(key: string, done: Done, timeWindow: number, max: number): void;
  child(routeOptions: RouteLimitOptions): RateLimitStore;
}
type StoreConstructor<Args extends unknown[]> = new (...args: Args) => RateLimitStore;

// The plugin's own two stores (not in its typed exports), so the counting rules stay the plugin's.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreConstructor<
  [continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, nameSpace: string]
>;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreConstructor<
  [continueExceeding: boolean, exponentialBackoff: boolean]
>;

/** A Redis unreachable for this long counts as down for this request. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/** Redis while it answers, this instance's memory while it does not. */
export class SharedOrLocalStore implements RateLimitStore {
  constructor(
    private readonly redis: RateLimitStore,
    private readonly local: RateLimitStore,
    private readonly health: { failed(error: Error): void; answered(): void },
  ) {}

  incr(key: string, done: Done, timeWindow: number, max: number) {
    this.redis.incr(
      key,
      (error, result) => {
        if (!error) {
          this.health.answered();
          return done(null, result);
        }
        this.health.failed(error);
        this.local.incr(key, done, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  read(key: string, done: Done, timeWindow: number, max: number) {
    this.redis.read(
      key,
      (error, result) => (error ? this.local.read(key, done, timeWindow, max) : done(null, result)),
      timeWindow,
      max,
    );
  }

  child(routeOptions: RouteLimitOptions): RateLimitStore {
    return new SharedOrLocalStore(this.redis.child(routeOptions), this.local.child(routeOptions), this.health);
  }
}

/** Resolves when the client is ready or after `ms`, whichever comes first; never fails. */
function connectedWithin(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    }
    redis.once('ready', done);
  });
}

/** Logs the moment Redis stops answering and the moment it answers again, not every request between. */
function redisHealth(log: FastifyBaseLogger) {
  let down = false;
  return {
    failed(error: Error) {
      if (down) return;
      down = true;
      log.warn({ error: error.name }, 'Redis does not answer: route rate limits count in this instance until it does');
    },
    answered() {
      if (!down) return;
      down = false;
      log.info({}, 'Redis answers again: route rate limits are shared again');
    },
  };
}

export const rateLimitPlugin = fp(
  async (app: FastifyInstance, opts: { redisUrl: string | undefined; keyPrefix: string }) => {
    if (!opts.redisUrl) {
      await app.register(fastifyRateLimit, { global: false });
      return;
    }
    const redis = new Redis(opts.redisUrl, {
      // Fail a command at once while disconnected (and within the timeout when slow), so a request
      // never waits on Redis; reconnecting goes on in the background.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: REDIS_COMMAND_TIMEOUT_MS * 4,
    });
    // Without a listener ioredis reports every failed reconnect as an unhandled 'error' event.
    redis.on('error', () => undefined);
    // Start shared when Redis is there; a Redis that is down does not hold the app's start.
    await connectedWithin(redis, REDIS_COMMAND_TIMEOUT_MS * 4);
    const health = redisHealth(app.log);
    class AppStore extends SharedOrLocalStore {
      constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
        const flags = [options.continueExceeding ?? false, options.exponentialBackoff ?? false] as const;
        super(new RedisStore(...flags, redis, `${opts.keyPrefix}rate-limit:`), new LocalStore(...flags), health);
      }
    }
    await app.register(fastifyRateLimit, { global: false, store: AppStore });
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  },
  { name: 'rate-limit' },
);
