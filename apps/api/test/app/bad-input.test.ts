// No input makes the server answer 500 or change anything. Every route, as the app itself lists
// them while they are registered (so a new route is covered the day it is added), gets:
// - NUL and lone UTF-16 surrogates in each path parameter, query field and body field (and in a
//   key), and bodies nested 20,000 deep: exactly 400 with a sentence, and no row of any table
//   changes;
// - malformed JSON, wrong types, missing fields, unknown values and oversize bodies: a 4xx with a
//   message.
import type { RouteOptions } from 'fastify';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_BASE_PATH } from '../../src/access/identity-paths.ts';
import { identityBodySchemas } from '../../src/plugins/identity-input.ts';
import { signUp, uniqueAddress } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

interface Endpoint {
  method: string;
  /** With Fastify's `:name` parameters. */
  path: string;
  query: string[];
  /** Field names of the JSON body; null when the route takes no JSON body. */
  body: string[] | null;
}

/** Photo bytes: the body is the raw stream, where a 0 byte is as good as any other. */
const RAW_BODY_ROUTES = new Set(['PUT /api/objects/uploads/:imageId']);

type ZodDef = { shape?: object; innerType?: { _zod?: { def?: ZodDef } }; in?: { _zod?: { def?: ZodDef } } };

/** The field names of a zod object schema, through optional/nullable/default/pipe wrappers. */
function fieldsOf(schema: unknown): string[] {
  let def = (schema as { _zod?: { def?: ZodDef } } | undefined)?._zod?.def;
  while (def) {
    if (def.shape) return Object.keys(def.shape);
    def = (def.innerType ?? def.in)?._zod?.def;
  }
  return [];
}

function endpointsOf(routes: RouteOptions[]): Endpoint[] {
  const endpoints: Endpoint[] = [];
  for (const route of routes) {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const takesJson = method !== 'GET' && !RAW_BODY_ROUTES.has(`${method} ${route.url}`);
      if (route.url === `${AUTH_BASE_PATH}/*`) {
        // better-auth's routes: each one whose body is checked here, and others it passes on as they are.
        for (const [key, schema] of Object.entries(identityBodySchemas)) {
          const [schemaMethod, subPath] = key.split(' ');
          if (schemaMethod === method)
            endpoints.push({ method, path: `${AUTH_BASE_PATH}${subPath}`, query: [], body: fieldsOf(schema) });
        }
        const unchecked = method === 'GET' ? '/verify-email' : '/revoke-session';
        endpoints.push({
          method,
          path: `${AUTH_BASE_PATH}${unchecked}`,
          query: ['token', 'callbackURL'],
          body: takesJson ? ['token'] : null,
        });
        continue;
      }
      const schema = route.schema as { querystring?: unknown; body?: unknown } | undefined;
      endpoints.push({
        method,
        path: route.url,
        query: fieldsOf(schema?.querystring),
        body: takesJson ? fieldsOf(schema?.body) : null,
      });
    }
  }
  return endpoints;
}

const paramsOf = (path: string) => path.split('/').filter((s) => s.startsWith(':'));
const fill = (path: string, values: Record<string, string> = {}) =>
  path
    .split('/')
    .map((s) => (s.startsWith(':') ? (values[s] ?? 'no-such-id') : s))
    .join('/');

interface Attempt {
  name: string;
  method: string;
  url: string;
  payload?: string;
}

/** Every way NUL, a lone surrogate or absurd nesting can come in, for one endpoint. */
function brokenAttempts(e: Endpoint): Attempt[] {
  const attempts: Attempt[] = [];
  const at = (name: string, url: string, payload?: string) =>
    attempts.push({ name: `${e.method} ${e.path}: ${name}`, method: e.method, url, payload });
  for (const param of paramsOf(e.path)) {
    for (const bad of ['a%00b', '%ED%A0%80', '%ED%B0%80']) at(`${param} = ${bad}`, fill(e.path, { [param]: bad }));
  }
  const url = fill(e.path);
  for (const field of [...e.query, 'extra']) at(`?${field} with NUL`, `${url}?${field}=a%00b`);
  at('a lone surrogate in the query', `${url}?${e.query[0] ?? 'extra'}=%ED%A0%80`);
  at('NUL in a query key', `${url}?%00=1`);
  if (e.body) {
    const fields = [...e.body, 'note'];
    const each = (value: unknown) => JSON.stringify(Object.fromEntries(fields.map((f) => [f, value])));
    at('NUL in every body field', url, each('a\u0000b'));
    at('a lone high surrogate in every body field', url, each('a\ud800b'));
    at('a lone low surrogate deep in an array', url, each(['fine', { deeper: '\udc00' }]));
    at('NUL in a body key', url, JSON.stringify({ '\u0000': 'x' }));
    at('a body nested 20,000 deep', url, '['.repeat(20_000) + ']'.repeat(20_000));
    at('a body nested 33 deep', url, '{"a":'.repeat(33) + '1' + '}'.repeat(33));
  }
  return attempts;
}

const malformedBodies: { name: string; payload: string; contentType: string }[] = [
  { name: 'malformed JSON', payload: '{"a":', contentType: 'application/json' },
  { name: 'a JSON string', payload: '"hello"', contentType: 'application/json' },
  { name: 'a JSON array', payload: '[1,2,3]', contentType: 'application/json' },
  { name: 'null', payload: 'null', contentType: 'application/json' },
  {
    name: 'wrong types',
    payload: JSON.stringify({ email: 5, password: {}, name: [], firstName: null, token: 9, newPassword: false }),
    contentType: 'application/json',
  },
  { name: 'empty object', payload: '{}', contentType: 'application/json' },
  {
    name: 'unknown fields',
    payload: JSON.stringify({ isAdmin: true, __proto__: { x: 1 }, constructor: 'x' }),
    contentType: 'application/json',
  },
  { name: 'form encoding', payload: 'email=a&password=b', contentType: 'application/x-www-form-urlencoded' },
  { name: 'plain text', payload: 'just text', contentType: 'text/plain' },
  { name: 'oversize', payload: JSON.stringify({ email: 'x'.repeat(100_000) }), contentType: 'application/json' },
];

async function rows<T>(t: TestApp, statement: SQL): Promise<T[]> {
  return ((await t.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** A fingerprint of every row of every table, to prove that nothing at all changed. */
async function snapshot(t: TestApp): Promise<Record<string, string>> {
  const tables = await rows<{ name: string }>(
    t,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const [table] = await rows<{ fingerprint: string | null; count: number }>(
      t,
      sql`select md5(string_agg(t::text, ',' order by t::text)) as fingerprint, count(*)::int as count from ${sql.identifier(name)} t`,
    );
    result[name] = `${table?.count}:${table?.fingerprint}`;
  }
  return result;
}

describe.each(engines)('bad input on %s', (engine) => {
  let t: TestApp;
  let admin = '';
  let endpoints: Endpoint[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = (await signUp(t.app, { email: ADMIN_EMAIL })).cookie;
    endpoints = endpointsOf(t.routes);
  });
  afterAll(() => t.close());

  it('lists every route of the app, better-auth’s included', () => {
    const listed = new Set(endpoints.map((e) => `${e.method} ${e.path}`));
    for (const expected of [
      'GET /api/submissions/:id',
      'PUT /api/pricing/:itemType',
      'POST /api/identity/update-user',
      'POST /api/identity/reset-password',
      'GET /api/admin/submissions',
    ]) {
      expect(listed).toContain(expected);
    }
  });

  it('answers 400 with a sentence to NUL, lone surrogates and deep nesting anywhere, and changes nothing', async () => {
    const before = await snapshot(t);
    for (const attempt of endpoints.flatMap(brokenAttempts)) {
      const res = await t.app.inject({
        method: attempt.method as 'GET',
        url: attempt.url,
        remoteAddress: uniqueAddress(),
        headers: {
          origin: TEST_ORIGIN,
          cookie: admin,
          ...(attempt.payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(attempt.payload === undefined ? {} : { payload: attempt.payload }),
      });
      const why = `${attempt.name}: ${res.statusCode} ${res.body.slice(0, 200)}`;
      expect(res.statusCode, why).toBe(400);
      expect(res.json().message, why).toMatch(/^[A-Z].{10,}\.$/);
      // Refused early, but still with the security headers (only the router's own refusal of an
      // undecodable path comes before every hook).
      if (res.json().error !== 'FST_ERR_BAD_URL') expect(res.headers['x-content-type-options'], why).toBe('nosniff');
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('never answers 5xx to malformed bodies and odd query strings', async () => {
    // A client of its own: sign-out and /api/logout end the session along the way.
    const client = (await signUp(t.app)).cookie;
    for (const e of endpoints) {
      const url = fill(e.path);
      const query = e.query.map((f) => `${f}=1e999&${f}=${'x'.repeat(3000)}`).join('&');
      for (const body of e.body ? malformedBodies : [undefined]) {
        for (const cookie of [undefined, client]) {
          const res = await t.app.inject({
            method: e.method as 'GET',
            url: query ? `${url}?${query}` : url,
            remoteAddress: uniqueAddress(),
            headers: {
              origin: TEST_ORIGIN,
              ...(cookie ? { cookie } : {}),
              ...(body ? { 'content-type': body.contentType } : {}),
            },
            ...(body ? { payload: body.payload } : {}),
          });
          const why = `${e.method} ${e.path} with ${body?.name ?? 'no body'}${cookie ? ' (signed in)' : ''}: ${res.body.slice(0, 200)}`;
          expect(res.statusCode, why).toBeLessThan(500);
          if (res.statusCode >= 400) expect(typeof res.json().message, why).toBe('string');
        }
      }
    }
  });
});
