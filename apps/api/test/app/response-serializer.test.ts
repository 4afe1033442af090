// Answers are written from JSON Schema (lib/response-serializer.ts). Every route's response schema
// must compile to it (a route that falls back to zod is named here on purpose), and an answer
// still carries only what its schema names.
import fastJson from 'fast-json-stringify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseJsonSchema } from '../../src/lib/response-serializer.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe('answers written from JSON Schema', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      'pglite',
      {},
      {
        plugins: [
          async (app) => {
            app.get(
              '/test/extra-field',
              { schema: { response: { 200: z.object({ id: z.string(), note: z.string().nullable() }) } } },
              async () => ({ id: 'a', note: null, passwordHash: 'never sent', ssn: '123-45-6789' }),
            );
          },
        ],
      },
    );
  });
  afterAll(() => t.close());

  it('every response schema of every route compiles to a JSON Schema serializer', () => {
    const fallbacks: string[] = [];
    for (const route of t.routes) {
      const responses = (route.schema?.response ?? {}) as Record<string, unknown>;
      for (const [status, schema] of Object.entries(responses)) {
        if (!(schema instanceof z.ZodType)) continue;
        const json = responseJsonSchema(schema);
        if (!json) {
          fallbacks.push(`${String(route.method)} ${route.url} ${status}`);
          continue;
        }
        expect(() => fastJson(json), `${String(route.method)} ${route.url} ${status}`).not.toThrow();
      }
    }
    expect(fallbacks).toEqual([]);
  });

  it('writes only the fields the schema names', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/extra-field' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'a', note: null });
    expect(res.body).not.toMatch(/never sent|123-45/);
  });
});
