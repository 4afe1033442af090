// A stand-in for the metals price services on loopback: answers gold-api.com's GET /price/{symbol}
// and metals.dev's GET /v1/latest like the real ones, or any status, body or delay a test sets.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FeedMetal } from '@assay/domain';

export interface FakeAnswer {
  status?: number;
  /** An object is sent as JSON; a string as it is. */
  body?: unknown;
  contentType?: string;
  delayMs?: number;
}

const symbolMetal: Record<string, FeedMetal> = { XAU: 'gold', XAG: 'silver', XPT: 'platinum', XPD: 'palladium' };
const metalNames: Record<FeedMetal, string> = { gold: 'Gold', silver: 'Silver', platinum: 'Platinum', palladium: 'Palladium' };

export const FAKE_METALS_DEV_KEY = 'fake-metals-dev-key-123';

export async function startFakeMetalsApi() {
  const prices: Record<FeedMetal, unknown> = { gold: 2650.12, silver: 31.0567, platinum: 981.4, palladium: 1003.25 };
  const requests: URL[] = [];
  /** When set, answers every request instead of the realistic default. */
  let override: ((url: URL) => FakeAnswer | undefined) | null = null;

  function realistic(url: URL): FakeAnswer {
    const goldApi = /^\/price\/([A-Z]+)$/.exec(url.pathname);
    if (goldApi) {
      const metal = symbolMetal[goldApi[1]!];
      if (!metal) return { status: 404, body: { error: 'Symbol not found' } };
      return {
        body: {
          name: metalNames[metal],
          price: prices[metal],
          symbol: goldApi[1],
          updatedAt: new Date().toISOString(),
          updatedAtReadable: 'a few seconds ago',
        },
      };
    }
    if (url.pathname === '/v1/latest') {
      if (url.searchParams.get('api_key') !== FAKE_METALS_DEV_KEY) {
        return { status: 401, body: { status: 'failure', error_code: 1101, error_message: 'Invalid API key.' } };
      }
      const now = new Date().toISOString();
      return {
        body: {
          status: 'success',
          currency: url.searchParams.get('currency') ?? 'USD',
          unit: url.searchParams.get('unit') ?? 'toz',
          metals: { ...prices, copper: 0.2789, aluminum: 0.0745 },
          currencies: { EUR: 1.05 },
          timestamps: { metal: now, currency: now },
        },
      };
    }
    return { status: 404, body: { error: 'Not found' } };
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    const answer = override?.(url) ?? realistic(url);
    const send = () => {
      if (res.destroyed) return;
      const body = typeof answer.body === 'string' ? answer.body : answer.body === undefined ? '' : JSON.stringify(answer.body);
      res.writeHead(answer.status ?? 200, {
        'content-type': answer.contentType ?? (typeof answer.body === 'string' ? 'text/html' : 'application/json'),
      });
      res.end(body);
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    prices,
    requests,
    answer(fn: ((url: URL) => FakeAnswer | undefined) | null) {
      override = fn;
    },
    reset() {
      override = null;
      requests.length = 0;
      Object.assign(prices, { gold: 2650.12, silver: 31.0567, platinum: 981.4, palladium: 1003.25 });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeMetalsApi = Awaited<ReturnType<typeof startFakeMetalsApi>>;
