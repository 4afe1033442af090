// The providers of the rails journeys in one process of their own (a Playwright webServer, run with
// `node --import tsx`): the loopback fakes the api tests use, on fixed ports, plus a control API on
// another port through which a journey plays the provider's side, as PayPal would act on its own:
//
//   GET  /ready                     200 once every fake listens
//   POST /paypal/outcome            {receiver, status, errorName?}: what that receiver's items become
//   POST /paypal/settle             pending items reach their outcome; answers {items}
//   POST /paypal/deliver            {receiver}: each of the receiver's settled items' webhook, signed
//                                   with the fake's certificate, POSTed to the app; answers {deliveries}
//   GET  /paypal/items?receiver=    every item ever paid to that receiver (a second one = paid twice)
//   POST /easypost/track            {trackingCode, status, message?, city?, state?}: the carrier scans
//                                   the parcel: its tracker moves and the signed tracker.updated
//                                   event is POSTed to the app's /api/webhooks/carrier; answers {status}
//
// Each delivery is signed at the moment it is sent, under a new transmission id, as the app refuses
// an old delivery and a reused id; and the app's webhook job asks the same fakes back
// (GET /v1/payments/payouts-item/{id}, GET /v2/trackers/{id}) before it applies an event, so the
// state a journey scripts here is what the app applies (decision 023).
//
// Each fake is one entry in `fakes` below with its own route prefix.
import http from 'node:http';
import { FAKE_EASYPOST_KEY, FAKE_EASYPOST_WEBHOOK_SECRET, startFakeEasyPost } from '../../apps/api/test/support/fake-easypost.ts';
import { startFakePayPal, type FakePayPalOutcome } from '../../apps/api/test/support/fake-paypal.ts';
import { fakeEasyPostAccount, fakePayPalAccount, railsPorts, railsURL } from './rails-ports.ts';

type Json = Record<string, unknown>;
type Answer = { status: number; body: unknown };
/** One fake's control routes: `path` is after its prefix ("/settle" for "/paypal/settle"). */
type ControlRoutes = (method: string, path: string, query: URLSearchParams, body: Json) => Promise<Answer | null>;

const outcomes = new Set<FakePayPalOutcome>([
  'SUCCESS',
  'FAILED',
  'RETURNED',
  'UNCLAIMED',
  'BLOCKED',
  'DENIED',
  'REFUNDED',
  'ONHOLD',
]);
const bad = (message: string): Answer => ({ status: 400, body: { message } });
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

async function paypalFake(appURL: string): Promise<{ routes: ControlRoutes; close: () => Promise<void> }> {
  const fake = await startFakePayPal({
    port: railsPorts.paypal,
    clientId: fakePayPalAccount.clientId,
    clientSecret: fakePayPalAccount.clientSecret,
  });
  // The app verifies each delivery against its PAYPAL_WEBHOOK_ID: both must name the fake's.
  if (fake.webhookId !== fakePayPalAccount.webhookId) {
    throw new Error(`The fake PayPal signs for webhook ${fake.webhookId}, not ${fakePayPalAccount.webhookId}`);
  }
  const webhookURL = `${appURL}/api/webhooks/paypal`;

  const routes: ControlRoutes = async (method, path, query, body) => {
    if (method === 'POST' && path === '/outcome') {
      const receiver = text(body.receiver);
      const status = text(body.status) as FakePayPalOutcome | null;
      if (!receiver || !status || !outcomes.has(status)) return bad('Give a receiver and one of ' + [...outcomes].join(', '));
      fake.outcome(receiver, status, text(body.errorName) ?? undefined);
      return { status: 200, body: { receiver, status } };
    }
    if (method === 'POST' && path === '/settle') {
      fake.settle();
      return { status: 200, body: { batches: fake.batches() } };
    }
    if (method === 'POST' && path === '/deliver') {
      const receiver = text(body.receiver);
      if (!receiver) return bad('Give the receiver whose items to deliver webhooks for');
      const deliveries = [];
      for (const item of fake.itemsTo(receiver)) {
        if (item.transactionStatus === 'PENDING') continue;
        const delivery = fake.sign(fake.itemEvent(item.payoutItemId));
        const answer = await fake.sendWebhook(webhookURL, delivery);
        deliveries.push({ payoutItemId: item.payoutItemId, eventType: delivery.event.event_type, ...answer });
      }
      return { status: 200, body: { deliveries } };
    }
    if (method === 'GET' && path === '/items') {
      const receiver = query.get('receiver');
      if (!receiver) return bad('Give ?receiver=');
      return { status: 200, body: { items: fake.itemsTo(receiver) } };
    }
    return null;
  };
  return { routes, close: () => fake.close() };
}

/** EasyPost's tracker statuses a journey may play (https://docs.easypost.com/docs/trackers). */
const trackerStatuses = new Set(['pre_transit', 'in_transit', 'out_for_delivery', 'delivered', 'return_to_sender', 'failure']);

async function easypostFake(appURL: string): Promise<{ routes: ControlRoutes; close: () => Promise<void> }> {
  // The app checks each delivery with its EASYPOST_WEBHOOK_SECRET and calls with its key: both the fake's.
  if (FAKE_EASYPOST_KEY !== fakeEasyPostAccount.apiKey || FAKE_EASYPOST_WEBHOOK_SECRET !== fakeEasyPostAccount.webhookSecret) {
    throw new Error('The fake EasyPost account and the rails app settings (rails-ports.ts) differ');
  }
  const fake = await startFakeEasyPost({ port: railsPorts.easypost });
  const webhookURL = `${appURL}/api/webhooks/carrier`;
  const routes: ControlRoutes = async (method, path, _query, body) => {
    if (method === 'POST' && path === '/track') {
      const trackingCode = text(body.trackingCode);
      const status = text(body.status);
      if (!trackingCode || !status || !trackerStatuses.has(status)) {
        return bad('Give a trackingCode and one of ' + [...trackerStatuses].join(', '));
      }
      const sent = await fake.sendTrackerUpdate(webhookURL, trackingCode, status, {
        message: text(body.message) ?? undefined,
        city: text(body.city) ?? undefined,
        state: text(body.state) ?? undefined,
      });
      return { status: 200, body: { status: sent.status } };
    }
    return null;
  };
  return { routes, close: () => fake.close() };
}

async function readJson(req: http.IncomingMessage): Promise<Json> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (!raw) return {};
  const parsed: unknown = JSON.parse(raw);
  return parsed && typeof parsed === 'object' ? (parsed as Json) : {};
}

async function main() {
  const appURL = process.env.RAILS_APP_URL ?? railsURL;
  const paypal = await paypalFake(appURL);
  const easypost = await easypostFake(appURL);
  const fakes: Record<string, { routes: ControlRoutes; close: () => Promise<void> }> = { paypal, easypost };

  const control = http.createServer((req, res) => {
    const send = ({ status, body }: Answer) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/ready') return send({ status: 200, body: { fakes: Object.keys(fakes) } });
    const [, prefix = '', ...rest] = url.pathname.split('/');
    const fake = fakes[prefix];
    if (!fake) return send({ status: 404, body: { message: `No fake called "${prefix}"` } });
    readJson(req)
      .then((body) => fake.routes(req.method ?? 'GET', `/${rest.join('/')}`, url.searchParams, body))
      .then((answer) => send(answer ?? { status: 404, body: { message: `No route ${req.method} ${url.pathname}` } }))
      .catch((err: unknown) => send({ status: 500, body: { message: err instanceof Error ? err.message : String(err) } }));
  });
  await new Promise<void>((resolve, reject) => {
    control.once('error', reject);
    control.listen(railsPorts.control, '127.0.0.1', resolve);
  });

  const stop = () => {
    control.close();
    void Promise.all(Object.values(fakes).map((f) => f.close())).then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
