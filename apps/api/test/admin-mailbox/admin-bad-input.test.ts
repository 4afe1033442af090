// No input makes an admin route answer 500: every route of the mailbox gets malformed JSON, wrong
// types, unknown values, huge numbers and oversize bodies from a signed-in appraiser, and must
// answer a 4xx with a message, leaving the submission as it was.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSubmission } from '../../src/db/factories.ts';
import { submissions } from '../../src/db/schema/index.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

const bodies: { name: string; payload: string; contentType: string }[] = [
  { name: 'malformed JSON', payload: '{"a":', contentType: 'application/json' },
  { name: 'a JSON string', payload: '"hello"', contentType: 'application/json' },
  { name: 'a JSON array', payload: '[1,2,3]', contentType: 'application/json' },
  { name: 'null', payload: 'null', contentType: 'application/json' },
  { name: 'empty body', payload: '', contentType: 'application/json' },
  {
    name: 'wrong types',
    payload: JSON.stringify({
      finalOffer: { a: 1 },
      actualWeight: [1],
      adminNotes: 5,
      status: 7,
      version: 'x',
      approve: 'yes',
      reason: 9,
      reference: {},
      message: [],
    }),
    contentType: 'application/json',
  },
  {
    name: 'absurd numbers',
    payload: '{"finalOffer": 1e308, "actualWeight": -1e308, "status": "offered", "version": 1e20}',
    contentType: 'application/json',
  },
  {
    name: 'unknown fields',
    payload: JSON.stringify({ status: 'completed', userId: 'me', requiresKyc: false, __proto__: { x: 1 } }),
    contentType: 'application/json',
  },
  { name: 'form encoding', payload: 'finalOffer=1&actualWeight=2', contentType: 'application/x-www-form-urlencoded' },
  { name: 'plain text', payload: 'just text', contentType: 'text/plain' },
  { name: 'oversize', payload: JSON.stringify({ adminNotes: 'x'.repeat(100_000) }), contentType: 'application/json' },
];

const cursorOf = (id: string) => Buffer.from(JSON.stringify(['2024-01-01T00:00:00.000000Z', id])).toString('base64url');

describe.each(engines)('admin routes with bad input on %s', (engine) => {
  let t: TestApp;
  let cookie = '';
  let id = '';
  /** Already returned: whatever the body, return and request-photos must refuse it. */
  let closedId = '';
  beforeAll(async () => {
    t = await createTestApp(engine);
    cookie = (await signUp(t.app, { email: ADMIN_EMAIL })).cookie;
    const client = await signUp(t.app);
    const row = buildSubmission({ userId: client.id });
    await t.db.insert(submissions).values(row);
    id = row.id!;
    const closed = buildSubmission({ userId: client.id, status: 'returned' });
    await t.db.insert(submissions).values(closed);
    closedId = closed.id!;
  });
  afterAll(() => t.close());

  it('never answers 5xx and never changes the submission', async () => {
    const routes: [string, string][] = [
      ['PUT', `/api/submissions/${id}`],
      ['POST', `/api/admin/submissions/${closedId}/return`],
      ['POST', `/api/admin/submissions/${closedId}/request-photos`],
      ['POST', '/api/admin/kyc/some-record/review'],
      ['POST', '/api/admin/transactions/some-payout/sent'],
      ['GET', `/api/admin/submissions?cursor=${'%FF'.repeat(50)}&limit=1e3`],
      ['GET', '/api/admin/submissions?limit=1&limit=2'],
      // Base64 hides text from the edge rule: the id inside the cursor holds a NUL, then a lone surrogate.
      ['GET', `/api/admin/submissions?cursor=${cursorOf('\u0000')}`],
      ['GET', `/api/admin/submissions?cursor=${cursorOf('\ud800')}`],
      ['GET', `/api/admin/submissions/${encodeURIComponent("'; drop table submissions; --")}`],
      ['GET', '/api/admin/kyc?status=pending&status=approved'],
    ];
    for (const [method, url] of routes) {
      for (const body of bodies) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { cookie, origin: TEST_ORIGIN, 'content-type': body.contentType },
          ...(method === 'GET' ? {} : { payload: body.payload }),
        });
        expect(res.statusCode, `${method} ${url} with ${body.name}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url} with ${body.name}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        expect(typeof res.json().message).toBe('string');
      }
    }
    const [row] = await t.db.select().from(submissions).where(eq(submissions.id, id));
    expect([row!.status, row!.version, row!.finalOffer, row!.adminNotes]).toEqual(['new', 1, null, null]);
    const [closed] = await t.db.select().from(submissions).where(eq(submissions.id, closedId));
    expect([closed!.status, closed!.version]).toEqual(['returned', 1]);
  });
});
