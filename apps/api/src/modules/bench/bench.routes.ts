// HTTP for the appraiser's bench: the register of instruments and the tests of a submission's
// offer lines. Admins only: visitors hear 401 and clients 403 before any input is read.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  benchSubmissionParamsSchema,
  calibrationInputSchema,
  instrumentInputSchema,
  instrumentParamsSchema,
  instrumentsResponseSchema,
  instrumentViewSchema,
  itemTestInputSchema,
  itemTestViewSchema,
  submissionTestsResponseSchema,
} from '@assay/domain';
import { adminOnly } from '../../access/route-guards.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import {
  addInstrument,
  calibrateInstrument,
  instrumentsOf,
  recordItemTest,
  retireInstrument,
  testsOfSubmission,
} from './bench.service.ts';

export async function benchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // Encapsulated: the hook guards exactly these routes, before validation.
  app.addHook('onRequest', adminOnly(app));

  r.get(
    '/api/admin/bench/instruments',
    {
      schema: {
        tags: ['admin'],
        summary: 'Lists the register of instruments, each with why it cannot be used today (or null).',
        security: SIGNED_IN,
        response: { 200: instrumentsResponseSchema },
      },
    },
    async (request) => instrumentsOf(ctx, await app.requireAdmin(request)),
  );

  r.post(
    '/api/admin/bench/instruments',
    {
      schema: {
        tags: ['admin'],
        summary: 'Adds an instrument to the register, with its last calibration and the day the next is due.',
        security: SIGNED_IN,
        body: instrumentInputSchema,
        response: { 200: instrumentViewSchema },
      },
    },
    async (request) => addInstrument(ctx, await app.requireAdmin(request), request.body),
  );

  r.post(
    '/api/admin/bench/instruments/:id/calibration',
    {
      schema: {
        tags: ['admin'],
        summary: "Records an instrument's calibration and the day the next one is due.",
        security: SIGNED_IN,
        params: instrumentParamsSchema,
        body: calibrationInputSchema,
        response: { 200: instrumentViewSchema },
      },
    },
    async (request) => calibrateInstrument(ctx, await app.requireAdmin(request), request.params.id, request.body),
  );

  r.post(
    '/api/admin/bench/instruments/:id/retire',
    {
      schema: {
        tags: ['admin'],
        summary: 'Retires an instrument: no test may use it from now on.',
        security: SIGNED_IN,
        params: instrumentParamsSchema,
        response: { 200: instrumentViewSchema },
      },
    },
    async (request) => retireInstrument(ctx, await app.requireAdmin(request), request.params.id),
  );

  r.get(
    '/api/admin/submissions/:id/bench-tests',
    {
      schema: {
        tags: ['admin'],
        summary: "Lists the current offer's lines and each line's bench tests.",
        security: SIGNED_IN,
        params: benchSubmissionParamsSchema,
        response: { 200: submissionTestsResponseSchema },
      },
    },
    async (request) => testsOfSubmission(ctx, await app.requireAdmin(request), request.params.id),
  );

  r.post(
    '/api/admin/submissions/:id/bench-tests',
    {
      schema: {
        tags: ['admin'],
        summary: "Records the signed-in appraiser's test of a line of the current offer.",
        security: SIGNED_IN,
        params: benchSubmissionParamsSchema,
        body: itemTestInputSchema,
        response: { 200: itemTestViewSchema },
      },
    },
    async (request) => recordItemTest(ctx, await app.requireAdmin(request), request.params.id, request.body),
  );
}
