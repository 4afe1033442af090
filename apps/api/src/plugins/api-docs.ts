// The API's OpenAPI 3 description, generated from the same zod schemas the routes validate with, so
// the documentation cannot drift from the code. Readable at /api/docs (Swagger UI) and as JSON at
// /api/docs/openapi.json: open to anyone in development, to admins only in production (the list of
// routes and fields is a map for an attacker, and clients have no use for it).
// `npm run openapi` writes the same document to docs/openapi.json (a test keeps the two equal).
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { identityBodySchemas } from './identity-input.ts';

export const DOCS_PATH = '/api/docs';
export const SESSION_COOKIE_SCHEME = 'sessionCookie';

/** `security` of a route that needs a signed-in person (client or admin): the session cookie. */
export const SIGNED_IN = [{ [SESSION_COOKIE_SCHEME]: [] }];

/** Every tag a route may carry, in the order the page shows them. */
export const API_TAGS = [
  { name: 'pricing', description: 'Metal and gem prices: the public list and history.' },
  { name: 'business', description: 'Who Assay is: legal name, address, licences, insurer, insured limit and appraisers.' },
  { name: 'account', description: "Signing in and out, the signed-in person's profile and shipping address." },
  {
    name: 'identity',
    description:
      "better-auth's own API (sign-up, sign-in, password reset, e-mail confirmation, provider sign-in), passed through one catch-all route.",
  },
  { name: 'submissions', description: "A client's submissions of items to sell." },
  { name: 'uploads', description: 'Photos of submitted items: signed upload links and private downloads.' },
  { name: 'shipping', description: 'Prepaid shipping labels.' },
  { name: 'transactions', description: 'Payout details and payouts.' },
  { name: 'kyc', description: 'Identity verification for larger payouts.' },
  { name: 'notifications', description: "The signed-in person's notifications." },
  { name: 'admin', description: "Appraisers' routes: admins only (401 to visitors, 403 to clients)." },
  {
    name: 'webhooks',
    description: "Providers' signed event deliveries (PayPal Payouts): verified, stored once, applied by a job.",
  },
  { name: 'health', description: 'Probes for load balancers and orchestrators.' },
  { name: 'demo', description: 'Demo mode only, from the same machine: the outbox of e-mails.' },
] as const;

export type ApiTag = (typeof API_TAGS)[number]['name'];

/**
 * better-auth's routes pass one catch-all route, so they are one honest entry: what it is, and
 * which of its requests Assay checks before better-auth sees them.
 */
export function identityRouteDocs(basePath: string) {
  const checked = Object.keys(identityBodySchemas).map((key) => key.replace(' ', ` ${basePath}`));
  return {
    tags: ['identity'],
    summary: "Passes every request under this path to better-auth's own API.",
    description:
      `better-auth's endpoints (sign-up, sign-in, sign-out, e-mail confirmation, password reset and change, sessions, ` +
      `provider sign-in), as better-auth documents them. These bodies are checked first, a bad one answered 400 with ` +
      `a sentence: ${checked.join(', ')}. better-auth's error codes are answered as sentences too.`,
  };
}

/** Object keys in a fixed (sorted) order, except a schema's `properties`, which keep the schema's own field order. */
export function withStableKeys(value: unknown, keepOrder = false): unknown {
  if (Array.isArray(value)) return value.map((item) => withStableKeys(item));
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  if (!keepOrder) keys.sort();
  const record = value as Record<string, unknown>;
  return Object.fromEntries(keys.map((key) => [key, withStableKeys(record[key], key === 'properties' && !keepOrder)]));
}

/** The document as docs/openapi.json holds it: stable key order, two-space indent, a final newline. */
export function openApiText(app: FastifyInstance): string {
  return `${JSON.stringify(withStableKeys(app.swagger()), null, 2)}\n`;
}

export const apiDocsPlugin = fp(
  async (app: FastifyInstance, opts: { production: boolean }) => {
    // Registered before every route (better-auth's included): @fastify/swagger learns them as they are added.
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Assay API',
          version: '1.0.0',
          description:
            'The HTTP API of Assay, the mail-in gold buyer. Every bad input is answered 400 with a sentence in `message`; ' +
            'a state-changing request must come from an allowed Origin.',
        },
        tags: API_TAGS.map((tag) => ({ ...tag })),
        components: {
          securitySchemes: {
            [SESSION_COOKIE_SCHEME]: {
              type: 'apiKey',
              in: 'cookie',
              name: 'better-auth.session_token',
              description:
                'The session cookie set by signing in (POST /api/identity/sign-in/email). Named ' +
                '`__Secure-better-auth.session_token` when PUBLIC_URL is https.',
            },
          },
        },
      },
      // A catch-all's `*` would show as a path parameter named "*"; it reads better as {path}.
      transform: (input) => {
        const result = jsonSchemaTransform(input);
        return input.url.endsWith('/*') ? { ...result, url: `${input.url.slice(0, -1)}:path` } : result;
      },
      transformObject: jsonSchemaTransformObject,
    });

    // Its own context, so that the guard covers exactly the documentation's pages and files.
    await app.register(async (docs) => {
      if (opts.production) {
        docs.addHook('onRequest', async (request: FastifyRequest) => {
          await app.requireAdmin(request);
        });
      }
      await docs.register(fastifySwaggerUi, {
        routePrefix: DOCS_PATH,
        // BaseLayout: no top bar (Fastify's logo and a box to explore any other document's URL).
        uiConfig: { layout: 'BaseLayout', deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
        theme: { title: 'Assay API' },
        transformSpecification: (document) => withStableKeys(document) as typeof document,
      });
      docs.get(`${DOCS_PATH}/openapi.json`, { schema: { hide: true } }, async (_request, reply) =>
        reply.type('application/json; charset=utf-8').send(openApiText(app)),
      );
    });
  },
  { name: 'api-docs' },
);
