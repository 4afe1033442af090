// Issue 25 item 4: no 500 from a number. An offer line whose weight or reference price was 1e308
// or 2^53+2 overflowed a numeric column (a 500). Every number a request carries now has a bound in
// its schema, refused with a 400 naming the field and the bound, and nothing is written; and the
// API description says each bound, so a number added without one fails the sweep below.
import { readFileSync } from 'node:fs';
import { IGNORED_FIELD_DESCRIPTION } from '@assay/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE } from '../../scripts/openapi-document.ts';
import { buildSubmission } from '../../src/db/factories.ts';
import { offers, payoutRates, submissions } from '../../src/db/schema/index.ts';
import { goldLine } from '../support/offer-lines.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

const UNSAFE = 2 ** 53 + 2;

describe.each(engines)('numbers out of bounds on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let seller: { id: string; cookie: string };

  const send = (method: 'PUT' | 'POST', url: string, body: unknown, cookie: string) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  /** JSON.stringify writes 1e308 as 1e+308 and 2^53+2 as its digits: both are valid JSON numbers. */
  const sendRaw = (method: 'PUT' | 'POST', url: string, payload: string, cookie: string) =>
    t.app.inject({ method, url, headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' }, payload });

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signUp(t.app, { email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Appraiser' });
    seller = await signUp(t.app, { firstName: 'Casey' });
  });
  afterAll(() => t.close());

  async function appraising() {
    const row = buildSubmission({ userId: seller.id, status: 'appraising', weightUnit: 'grams' });
    await t.db.insert(submissions).values(row);
    return row.id!;
  }

  function expect400(res: { statusCode: number; body: string }, field: string, bound: RegExp) {
    expect(res.statusCode, res.body).toBe(400);
    const { message } = JSON.parse(res.body) as { message: string };
    expect(message).toMatch(new RegExp(`^Invalid body: ${field.replaceAll('.', '\\.')}: `));
    expect(message).toMatch(bound);
  }

  it.each([
    ['weight', /at most 500,000 \(100 kg counted in carats\)\.$/],
    ['referencePrice', /at most \$1,000,000\.00 per carat \(\$10,000\.00 per gram\)\.$/],
    ['purityPercent', /at most 100%\.$/],
    ['percentPaid', /at most 100%\.$/],
    ['amount', /at most \$10,000,000\.00\.$/],
  ])(
    "PUT /api/submissions/{id}: an offer line's %s of 1e308 or 2^53+2 is a 400 naming the bound, and nothing changes",
    async (field, bound) => {
      const id = await appraising();
      for (const value of [1e308, UNSAFE, String(UNSAFE), '1e308', 'Infinity', '1'.repeat(400)]) {
        const res = await send(
          'PUT',
          `/api/submissions/${id}`,
          { status: 'offered', offerLines: [{ ...goldLine, [field]: value }] },
          admin.cookie,
        );
        expect(res.statusCode, `${String(value)}: ${res.body}`).toBe(400);
        expect(res.json().message).toMatch(new RegExp(`^Invalid body: offerLines\\.0\\.${field}: A line's .+\\.$`));
        if (typeof value === 'number') expect400(res, `offerLines.0.${field}`, bound);
      }
      // Written as the raw JSON numbers the attack run sent.
      for (const literal of ['1e308', '9007199254740994', '-1e308']) {
        const payload = JSON.stringify({ status: 'offered', offerLines: [{ ...goldLine, [field]: 0 }] }).replace(
          `"${field}":0`,
          `"${field}":${literal}`,
        );
        const res = await sendRaw('PUT', `/api/submissions/${id}`, payload, admin.cookie);
        expect([400], `${literal}: ${res.body}`).toContain(res.statusCode);
      }
      const [row] = await t.db.select().from(submissions).where(eq(submissions.id, id));
      expect(row!.status).toBe('appraising');
      expect(await t.db.select().from(offers).where(eq(offers.submissionId, id))).toEqual([]);
    },
  );

  it("a weight or price within the field but beyond its unit is the rule's 400, with the line and the bound", async () => {
    const id = await appraising();
    const heavy = await send(
      'PUT',
      `/api/submissions/${id}`,
      { status: 'offered', offerLines: [{ ...goldLine, weight: '3216', weightUnit: 'oz' }] },
      admin.cookie,
    );
    expect(heavy.statusCode).toBe(400);
    expect(heavy.json().message).toBe('Line 1: the weight can be at most 100 kg (3,215.0723 oz).');
    const dear = await send(
      'PUT',
      `/api/submissions/${id}`,
      { status: 'offered', offerLines: [{ ...goldLine, referencePrice: '20000' }] },
      admin.cookie,
    );
    expect(dear.statusCode).toBe(400);
    expect(dear.json().message).toBe('Line 1: the reference price can be at most $10,000.00 per gram.');
  });

  it('the one-number offer, the weighed weight, the counter-offer and the estimated weight refuse 1e308 and 2^53+2', async () => {
    const id = await appraising();
    for (const value of [1e308, UNSAFE]) {
      expect400(
        await send('PUT', `/api/submissions/${id}`, { status: 'offered', finalOffer: value, actualWeight: 10 }, admin.cookie),
        'finalOffer',
        /cannot be more than \$10,000,000\.00\.$/,
      );
      expect400(
        await send('PUT', `/api/submissions/${id}`, { status: 'offered', finalOffer: 100, actualWeight: value }, admin.cookie),
        'actualWeight',
        /the most we accept is 100 kg\.$/,
      );
      expect400(
        await send('POST', `/api/submissions/${id}/counter`, { amount: value }, seller.cookie),
        'amount',
        /at most \$30,000,000\.00\.$/,
      );
      expect400(
        await send(
          'POST',
          '/api/submissions',
          { category: 'scrap', description: 'A chain', estimatedWeight: value, weightUnit: 'grams' },
          seller.cookie,
        ),
        'estimatedWeight',
        /the most we accept is 100 kg\.$/,
      );
    }
    const [row] = await t.db.select().from(submissions).where(eq(submissions.id, id));
    expect(row!.status).toBe('appraising');
  });

  it('payout rates refuse 1e308, 2^53+2, Infinity and negatives as percents', async () => {
    const before = await t.db.select().from(payoutRates);
    for (const value of ['1e308', String(UNSAFE), 'Infinity', '-1', '100.01']) {
      const res = await send('PUT', '/api/admin/payout-rates/gold-14k', { minPercent: value, maxPercent: '90' }, admin.cookie);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/^Invalid body: minPercent: The minimum must be a percent from 0 to 100/);
    }
    expect(await t.db.select().from(payoutRates)).toEqual(before);
  });

  it('an ignored amount carrying 1e308 is ignored, not a 500', async () => {
    const res = await send(
      'POST',
      '/api/transactions',
      { submissionId: crypto.randomUUID(), payoutMethod: 'check', amount: 1e308 },
      seller.cookie,
    );
    expect(res.statusCode).toBe(404);
  });
});

type JsonSchema = Record<string, unknown>;

/** Every number of a schema with its path, through objects, arrays, unions and references. */
function numbersOf(
  schema: unknown,
  path: string,
  resolve: (ref: string) => unknown,
  seen = new Set<string>(),
): [string, JsonSchema][] {
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as JsonSchema;
  if (typeof node.$ref === 'string') {
    if (seen.has(node.$ref)) return [];
    return numbersOf(resolve(node.$ref), path, resolve, new Set([...seen, node.$ref]));
  }
  // A field the server never reads needs no bound.
  if (node.description === IGNORED_FIELD_DESCRIPTION) return [];
  const types = [node.type].flat();
  const found: [string, JsonSchema][] = types.includes('number') || types.includes('integer') ? [[path, node]] : [];
  for (const [key, child] of Object.entries((node.properties as Record<string, unknown>) ?? {})) {
    found.push(...numbersOf(child, `${path}.${key}`, resolve, seen));
  }
  for (const key of ['items', 'additionalProperties', 'not']) found.push(...numbersOf(node[key], `${path}[]`, resolve, seen));
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    for (const option of (node[key] as unknown[]) ?? []) found.push(...numbersOf(option, path, resolve, seen));
  }
  return found;
}

describe('every number a request may carry has a maximum (docs/openapi.json, which api-docs.test.ts keeps in step with the code)', () => {
  it('in every path parameter, query field and body of every route', () => {
    const document = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { in: string; name: string; schema?: unknown }[];
            requestBody?: { content?: Record<string, { schema?: unknown }> };
          }
        >
      >;
    };
    const resolve = (ref: string) =>
      ref
        .replace(/^#\//, '')
        .split('/')
        .reduce<unknown>((node, key) => (node as JsonSchema)?.[key], document);
    const unbounded: string[] = [];
    let numbers = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const inputs: [string, unknown][] = [
          ...(operation.parameters ?? []).map((p): [string, unknown] => [`${p.in} ${p.name}`, p.schema]),
          ...Object.values(operation.requestBody?.content ?? {}).map((c): [string, unknown] => ['body', c.schema]),
        ];
        for (const [where, schema] of inputs) {
          for (const [field, node] of numbersOf(schema, where, resolve)) {
            numbers += 1;
            if (node.maximum === undefined && node.exclusiveMaximum === undefined)
              unbounded.push(`${method.toUpperCase()} ${path} ${field}`);
          }
        }
      }
    }
    expect(IGNORED_FIELD_DESCRIPTION).toMatch(/^Ignored/);
    expect(numbers).toBeGreaterThan(10);
    expect(unbounded).toEqual([]);
  });
});
