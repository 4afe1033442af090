// The one rule at the edge (lib/broken-input.ts), for every route: the app's own, better-auth's
// under /api/identity and the 404 handler alike. The URL is checked as soon as the request
// arrives, before any other hook (sign-in checks, rate limits) can pass its parts on; the body
// once Fastify has parsed it, before validation and the handler.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/app-error.ts';
import { findInputProblem, findUrlProblem, inputProblemMessages, type InputProblem } from '../lib/broken-input.ts';

const refusal = (problem: InputProblem | null) => (problem ? badRequest(inputProblemMessages[problem]) : undefined);

export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    // Callback hooks, not async ones: every request passes both, and a promise each, with the
    // microtask hop that follows it, was a measurable part of a small route's cost.
    app.addHook('onRequest', (request, _reply, done) => {
      done(refusal(findUrlProblem(request.url)));
    });
    app.addHook('preValidation', (request, _reply, done) => {
      // A GET, HEAD or empty body: nothing to walk (findInputProblem would answer null too).
      if (request.body === undefined) return done();
      done(refusal(findInputProblem(request.body)));
    });
  },
  { name: 'input-guard' },
);
