// Route rate limits across instances (issue 14 item 1): with REDIS_URL two instances count one limit
// together in Redis; with Redis down each instance still limits, in its own memory, and serves.
// Runs against the machine's Redis (127.0.0.1:6379, or TEST_REDIS_URL); skipped where there is none.
import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { rateLimitPlugin } from '../../src/plugins/rate-limit.ts';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(500);
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

const redisUp = await reachable(redisUrl);
const apps: FastifyInstance[] = [];

/** An instance with one route allowing 3 requests a minute per client, counted as configured. */
async function instance(url: string | undefined, keyPrefix: string) {
  const app = Fastify({ logger: false });
  await app.register(rateLimitPlugin, { redisUrl: url, keyPrefix });
  app.get('/limited', { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => ({ ok: true }));
  await app.ready();
  apps.push(app);
  return app;
}

const hit = (app: FastifyInstance) => app.inject({ url: '/limited' }).then((res) => res.statusCode);

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

describe.skipIf(!redisUp)('route rate limits in Redis', () => {
  it('two instances count one limit together', async () => {
    const prefix = `assay-test-${process.pid}-${Date.now()}:`;
    const [a, b] = [await instance(redisUrl, prefix), await instance(redisUrl, prefix)];
    expect([await hit(a), await hit(b), await hit(a)]).toEqual([200, 200, 200]);
    // The fourth request of the minute is refused on either instance.
    expect(await hit(b)).toBe(429);
    expect(await hit(a)).toBe(429);
  });
});

describe('route rate limits without Redis', () => {
  it('with Redis unreachable, each instance still limits in its own memory and keeps serving', async () => {
    // Port 1 on loopback: nothing listens, every command fails at once.
    const app = await instance('redis://127.0.0.1:1', 'assay-test-down:');
    expect([await hit(app), await hit(app), await hit(app)]).toEqual([200, 200, 200]);
    expect(await hit(app)).toBe(429);
  });

  it('without REDIS_URL, one instance limits in memory', async () => {
    const app = await instance(undefined, 'unused:');
    expect([await hit(app), await hit(app), await hit(app), await hit(app)]).toEqual([200, 200, 200, 429]);
  });
});
