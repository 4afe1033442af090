// The drain on SIGTERM (lib/graceful-shutdown.ts) on a real app listening on a port, spoken to over
// raw sockets so that every connection's fate shows: the request in flight is answered, /readyz
// says the instance is draining, idle keep-alive connections are closed, new ones refused, the
// database closed last; and a request that never ends makes the drain give up, say so and exit 1.
import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { gracefulHttpShutdown, type ShutdownLogger } from '../../src/lib/graceful-shutdown.ts';
import { DRAINING_MESSAGE } from '../../src/modules/health/health.routes.ts';
import { createTestApp, engines } from '../support/test-app.ts';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function request(path: string): string {
  return `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
}

/** The responses in a connection's bytes, in order (every answer here has a Content-Length). */
function parseResponses(text: string): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = text;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers['content-length'] ?? 0);
    responses.push({ status: Number(statusLine!.split(' ')[1]), headers, body: rest.slice(end + 4, end + 4 + length) });
    rest = rest.slice(end + 4 + length);
  }
  return responses;
}

/** A client connection that keeps what it receives and says when the server closed it. */
async function connect(port: number) {
  const socket = net.connect({ host: '127.0.0.1', port });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    socket,
    closed,
    received: () => received,
    responses: () => parseResponses(received),
  };
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** True once the port refuses connections (the server stopped listening). */
async function refused(port: number): Promise<boolean> {
  try {
    const c = await connect(port);
    c.socket.destroy();
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ECONNREFUSED';
  }
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

function recordingLogger() {
  type Log = (obj: object, msg: string) => void;
  return { info: vi.fn<Log>(), error: vi.fn<Log>() } satisfies ShutdownLogger;
}

describe.each(engines)('graceful shutdown on %s', (engine) => {
  it('answers the request in flight, says draining on /readyz, closes idle connections, refuses new ones, closes the database last', async () => {
    const entered = gate();
    const release = gate();
    const events: string[] = [];
    // The test's own slow route, on the test app only.
    const slowRoute: FastifyPluginAsync = async (app) => {
      app.get('/test/slow', async () => {
        entered.open();
        await release.opened;
        // A request accepted before the drain still has its database.
        await app.deps.database.db.execute(sql`select 1`);
        events.push('slow answered');
        return { ok: true };
      });
    };
    const t = await createTestApp(engine, {}, { plugins: [slowRoute] });
    const clients: Awaited<ReturnType<typeof connect>>[] = [];
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = t.app.server.address() as net.AddressInfo;
      const logger = recordingLogger();
      const exits: number[] = [];
      const shutdown = gracefulHttpShutdown(t.app, {
        timeoutMs: 10_000,
        closeLast: async () => void events.push('database closed'),
        logger,
        exit: (code) => void exits.push(code),
      });

      // An idle keep-alive connection: one request answered, kept open for the next.
      const idle = await connect(port);
      clients.push(idle);
      idle.socket.write(request('/healthz'));
      await until(() => idle.responses().length === 1, 'the health answer');
      expect(idle.responses()[0]).toMatchObject({ status: 200, headers: { connection: 'keep-alive' } });

      // A connection whose next request has begun (its headers half sent) when the drain starts:
      // it arrives during the drain, as nginx's late request would.
      const late = await connect(port);
      clients.push(late);
      late.socket.write('GET /readyz HTTP/1.1\r\n');

      const inFlight = await connect(port);
      clients.push(inFlight);
      inFlight.socket.write(request('/test/slow'));
      await entered.opened;

      const draining = shutdown('SIGTERM');
      await until(() => refused(port), 'new connections to be refused');
      await idle.closed;
      late.socket.write('Host: 127.0.0.1\r\n\r\n');
      await until(() => late.responses().length === 1, "/readyz's answer during the drain");
      expect(late.responses()[0]).toMatchObject({ status: 503, headers: { connection: 'close' } });
      expect(JSON.parse(late.responses()[0]!.body)).toMatchObject({ status: 'draining', message: DRAINING_MESSAGE });
      await late.closed;
      expect(events).toEqual([]);
      expect(exits).toEqual([]);

      release.open();
      expect(await draining).toMatchObject({ drained: true });
      await inFlight.closed;
      expect(inFlight.responses()).toEqual([
        expect.objectContaining({ status: 200, headers: expect.objectContaining({ connection: 'close' }), body: '{"ok":true}' }),
      ]);
      expect(events).toEqual(['slow answered', 'database closed']);
      expect(exits).toEqual([0]);
      expect(logger.info.mock.calls.map((call) => call[1])).toEqual([
        'draining: finishing open requests and jobs, then exiting',
        'drained; exiting',
      ]);
      expect(logger.error).not.toHaveBeenCalled();
    } finally {
      release.open();
      for (const client of clients) client.socket.destroy();
      await t.close();
    }
  });

  it('gives up at the timeout on a request that never ends, naming it, and exits 1', async () => {
    const entered = gate();
    const release = gate();
    const neverRoute: FastifyPluginAsync = async (app) => {
      app.get('/test/never', async () => {
        entered.open();
        await release.opened;
        return { ok: true };
      });
    };
    const t = await createTestApp(engine, {}, { plugins: [neverRoute] });
    let client: Awaited<ReturnType<typeof connect>> | undefined;
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = t.app.server.address() as net.AddressInfo;
      const logger = recordingLogger();
      const exits: number[] = [];
      const closeLast = vi.fn(async () => undefined);
      const shutdown = gracefulHttpShutdown(t.app, { timeoutMs: 400, closeLast, logger, exit: (code) => void exits.push(code) });
      client = await connect(port);
      client.socket.write(request('/test/never?token=secret-reset-token'));
      await entered.opened;

      const started = Date.now();
      const outcome = await shutdown('SIGTERM');
      expect(Date.now() - started).toBeGreaterThanOrEqual(390);
      expect(outcome).toMatchObject({ drained: false, reason: 'timeout', step: 'answering the requests in flight' });
      expect(exits).toEqual([1]);
      expect(closeLast).not.toHaveBeenCalled();
      expect(logger.error).toHaveBeenCalledTimes(1);
      const [open, message] = logger.error.mock.calls[0]!;
      expect(message).toBe('shutdown timed out while answering the requests in flight; exiting with work still open');
      expect(open).toMatchObject({
        step: 'answering the requests in flight',
        timeoutMs: 400,
        openConnections: 1,
        openRequests: [{ method: 'GET', url: '/test/never?token=[redacted]', answered: false }],
      });
      expect((open as { openRequests: { forMs: number }[] }).openRequests[0]!.forMs).toBeGreaterThanOrEqual(390);
      // A second signal while draining starts nothing new.
      expect(await shutdown('SIGINT')).toBe(outcome);
      expect(exits).toEqual([1]);
    } finally {
      release.open();
      client?.socket.destroy();
      await t.close();
    }
  });
});
