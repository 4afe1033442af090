// The API documentation: docs/openapi.json is what the code generates; the document is valid
// OpenAPI 3; every route the app registers is in it with a tag and a one-sentence summary, and what
// it says about access is true (a route marked as needing the session cookie refuses a visitor,
// one tagged admin refuses a client); /api/docs is open in development and admins-only in production.
import { readFileSync } from 'node:fs';
import { validate } from '@readme/openapi-parser';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TYPES_FILE, generateApiTypesText, generateOpenApiText, OPENAPI_FILE } from '../../scripts/openapi-document.ts';
import { API_TAGS, DOCS_PATH } from '../../src/plugins/api-docs.ts';
import { PRODUCTION_ENV } from '../support/production-env.ts';
import { enrolSecondFactor } from '../support/second-factor.ts';
import { cookieOf, DEFAULT_PASSWORD, openVerificationLink, signUp, uniqueAddress } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, createTestDatabase, engines, type TestApp } from '../support/test-app.ts';

const ADMINS_ONLY = 'This area is for Assay appraisers only.';
const SIGN_IN_FIRST = 'Please sign in to continue.';

interface Operation {
  tags?: string[];
  summary?: string;
  security?: Record<string, string[]>[];
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** Every operation of the document as [METHOD, path with {params}, operation]. */
function operationsOf(document: Document): [string, string, Operation][] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]): [string, string, Operation] => [method.toUpperCase(), path, operation]),
  );
}

const isApiUrl = (url: string) => url.startsWith('/api/') || url === '/healthz' || url === '/readyz';

describe('docs/openapi.json', () => {
  it('is what the code generates', async () => {
    const { database, cleanup } = await createTestDatabase('pglite', undefined, 'main');
    const generated = await generateOpenApiText(database).finally(cleanup);
    let committed = '';
    try {
      committed = readFileSync(OPENAPI_FILE, 'utf8');
    } catch {
      // Missing: the comparison below fails with the same advice.
    }
    expect(committed === generated, 'docs/openapi.json differs from the code: run npm run openapi, and commit the file').toBe(
      true,
    );
  }, 120_000);

  it("is what the web's generated types (apps/web/src/lib/api-schema.d.ts) were made from", async () => {
    const generated = await generateApiTypesText(readFileSync(OPENAPI_FILE, 'utf8'));
    let committed = '';
    try {
      committed = readFileSync(API_TYPES_FILE, 'utf8');
    } catch {
      // Missing: the comparison below fails with the same advice.
    }
    expect(
      committed === generated,
      'apps/web/src/lib/api-schema.d.ts differs from docs/openapi.json: run npm run openapi, and commit it',
    ).toBe(true);
  }, 60_000);

  it('is a valid OpenAPI 3 document', async () => {
    const result = await validate(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')));
    expect(result.valid, result.valid ? '' : JSON.stringify(result.errors, null, 2)).toBe(true);
  });
});

describe.each(engines)('the API documentation in development, on %s', (engine) => {
  let t: TestApp;
  let document: Document;
  beforeAll(async () => {
    // Demo mode too, so that the demo's own route is held to the same rules.
    t = await createTestApp(engine, { NODE_ENV: 'development' }, { demo: true });
    document = (await t.app.inject(`${DOCS_PATH}/openapi.json`)).json();
  });
  afterAll(() => t.close());

  it('serves the page, its files and the JSON to anyone, under the usual security headers', async () => {
    const page = await t.app.inject(DOCS_PATH);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(`${DOCS_PATH}/static/swagger-ui-bundle.js`);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const script = await t.app.inject(`${DOCS_PATH}/static/swagger-ui-bundle.js`);
    expect(script.statusCode).toBe(200);
    const json = await t.app.inject(`${DOCS_PATH}/openapi.json`);
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(document.openapi).toMatch(/^3\./);
    // The page loads its document from here.
    expect((await t.app.inject(`${DOCS_PATH}/json`)).json()).toEqual(document);
  });

  it('lists every route the app registers, each with a known tag and a one-sentence summary', () => {
    const documented = new Set(operationsOf(document).map(([method, path]) => `${method} ${path}`));
    const knownTags = new Set<string>(API_TAGS.map((tag) => tag.name));
    const checked: string[] = [];
    for (const route of t.routes) {
      if (!isApiUrl(route.url)) continue;
      const schema = (route.schema ?? {}) as { hide?: boolean; tags?: string[]; summary?: string };
      // Only the documentation's own page and files stay out of it.
      if (schema.hide) {
        expect(route.url.startsWith(`${DOCS_PATH}/`) || route.url === DOCS_PATH, `${route.url} is hidden`).toBe(true);
        continue;
      }
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        const name = `${method} ${route.url}`;
        expect(schema.tags?.length, `${name} has no tags`).toBeGreaterThan(0);
        for (const tag of schema.tags ?? []) expect(knownTags.has(tag), `${name}: unknown tag ${tag}`).toBe(true);
        expect(schema.summary ?? '', `${name}: the summary is one sentence`).toMatch(/^[A-Z"'][^]{5,100}\.$/);
        expect(schema.summary!.slice(0, -1), `${name}: the summary is one sentence`).not.toMatch(/\.\s/);
        const path = route.url.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{path}');
        expect(documented.has(`${method} ${path}`), `${name} is not in the document`).toBe(true);
        checked.push(name);
      }
    }
    // SPEC's own account routes are real routes, documented as such.
    for (const route of ['GET /api/login', 'GET /api/logout', 'GET /api/auth/user', 'GET /api/demo/mail'])
      expect(checked).toContain(route);
    expect(checked.length).toBe(documented.size);
  });

  it('says the truth about access: the session cookie where a visitor hears 401, the admin tag where a client hears 403', async () => {
    const client = await signUp(t.app);
    for (const [method, path, operation] of operationsOf(document)) {
      const url = path.replace(/\{[^}]+\}/g, 'no-such-id');
      const name = `${method} ${path}`;
      const visitor = await t.app.inject({ method: method as InjectOptions['method'], url, remoteAddress: uniqueAddress() });
      if (operation.security?.length) {
        expect(visitor.statusCode, `${name} is marked for signed-in people`).toBe(401);
        expect(visitor.json().message).toBe(SIGN_IN_FIRST);
      } else {
        expect(visitor.statusCode, `${name} is marked as open to visitors: ${visitor.body}`).not.toBe(401);
      }
      // Signing out would end the client's session for the rest of the test.
      if (path === '/api/logout') continue;
      const asClient = await t.app.inject({ method: method as InjectOptions['method'], url, headers: { cookie: client.cookie } });
      const refusedAsClient = asClient.statusCode === 403 && asClient.body.includes(ADMINS_ONLY);
      expect(
        refusedAsClient,
        `${name}: ${operation.tags?.includes('admin') ? 'tagged admin' : 'not tagged admin'}, answered ${asClient.statusCode}`,
      ).toBe(operation.tags?.includes('admin') === true);
      if (operation.tags?.includes('admin'))
        expect(operation.security?.length, `${name} needs the session cookie`).toBeGreaterThan(0);
    }
  }, 120_000);
});

describe.each(engines)('the API documentation in production, on %s', (engine) => {
  const origin = PRODUCTION_ENV.PUBLIC_URL;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { ...PRODUCTION_ENV, PRICE_FEED: 'simulated' });
  });
  afterAll(() => t.close());

  /** Signs up from the production origin and follows the confirmation link, which signs in. */
  async function signedIn(email: string): Promise<string> {
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-up/email',
      headers: { origin, 'content-type': 'application/json' },
      remoteAddress: uniqueAddress(),
      payload: { email, password: DEFAULT_PASSWORD, name: 'Docs Reader', firstName: 'Docs', lastName: 'Reader' },
    });
    expect(up.statusCode, up.body).toBe(200);
    const verified = await openVerificationLink(t.app, email);
    expect(verified.statusCode).toBe(302);
    return cookieOf(verified);
  }

  const docsUrls = [DOCS_PATH, `${DOCS_PATH}/openapi.json`, `${DOCS_PATH}/json`, `${DOCS_PATH}/static/swagger-ui-bundle.js`];

  it('refuses visitors (401) and clients (403) with a sentence, and serves admins', async () => {
    const client = await signedIn('docs-client@assay.test');
    // In production an appraiser enrols an authenticator app before any admin route answers.
    const admin = (await enrolSecondFactor(t.app, await signedIn(ADMIN_EMAIL), DEFAULT_PASSWORD, origin)).cookie;
    for (const url of docsUrls) {
      const visitor = await t.app.inject(url);
      expect(visitor.statusCode, `${url} to a visitor`).toBe(401);
      expect(visitor.json().message).toBe(SIGN_IN_FIRST);
      const asClient = await t.app.inject({ method: 'GET', url, headers: { cookie: client } });
      expect(asClient.statusCode, `${url} to a client`).toBe(403);
      expect(asClient.json().message).toBe(ADMINS_ONLY);
      const asAdmin = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
      expect(asAdmin.statusCode, `${url} to an admin`).toBe(200);
    }
    const document = (await t.app.inject({ method: 'GET', url: `${DOCS_PATH}/openapi.json`, headers: { cookie: admin } })).json();
    expect(document.paths['/api/auth/user']).toBeDefined();
  });
});
