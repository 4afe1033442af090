// The one rule at the edge (lib/broken-input.ts), for every route: the app's own, better-auth's
// under /api/identity and the 404 handler alike. The URL is checked as soon as the request
// arrives, before any other hook (sign-in checks, rate limits) can pass its parts on; the body
// once Fastify has parsed it, before validation and the handler.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/app-error.ts';
import { findInputProblem, findUrlProblem, inputProblemMessages, type InputProblem } from '../lib/broken-input.ts';

function refuse(problem: InputProblem | null) {
  if (problem) throw badRequest(inputProblemMessages[problem]);
}

export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      refuse(findUrlProblem(request.url));
    });
    app.addHook('preValidation', async (request) => {
      refuse(findInputProblem(request.body));
    });
  },
  { name: 'input-guard' },
);
