import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, describeIssues, type InputIssue, InvalidInputError } from '../lib/app-error.ts';
import { inputProblemMessages } from '../lib/broken-input.ts';
import { REQUEST_ID_HEADER } from '../lib/request-id.ts';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from '../lib/database-unavailable.ts';
import { isTransactionConflict, TRANSACTION_CONFLICT_MESSAGE } from '../db/transaction-retry.ts';

interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  issues?: InputIssue[];
  /** On a 5xx only: what a seller quotes to support, and what finds the request's lines in the log. */
  requestId?: string;
}

// Fastify's own client errors (bad JSON, body too large, wrong content type) keep their status
// but get a sentence a person can act on.
const fastifyClientErrors: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but should be JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
  FST_ERR_BAD_URL: inputProblemMessages['bad-escape'],
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long.',
};

function errorBody(error: FastifyError | AppError, request: FastifyRequest): ErrorBody {
  let body: ErrorBody;
  if (error instanceof InvalidInputError) {
    body = { statusCode: error.status, error: error.code, message: error.message, issues: error.issues };
  } else if (error instanceof AppError) {
    body = { statusCode: error.status, error: error.code, message: error.message };
  } else if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      path:
        v.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
        (v.params as { issue?: { path?: unknown[] } }).issue?.path?.join('.') ||
        '',
      message: v.message ?? 'is invalid',
    }));
    body = { statusCode: 400, error: 'BAD_REQUEST', message: describeIssues(error.validationContext ?? 'body', issues), issues };
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    body = {
      statusCode: error.statusCode,
      error: error.code ?? 'BAD_REQUEST',
      message: fastifyClientErrors[error.code] ?? error.message,
    };
  } else if (isTransactionConflict(error)) {
    // A lost race outside the retrying transaction runner (transaction-retry.ts), or one that
    // came back from PostgreSQL on a single statement: someone else's change won.
    request.log.warn({ err: error }, 'a transaction lost a race');
    body = { statusCode: 409, error: 'CONFLICT', message: TRANSACTION_CONFLICT_MESSAGE };
  } else if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'the database is not reachable');
    body = { statusCode: 503, error: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE };
  } else {
    request.log.error({ err: error }, 'unhandled error');
    body = {
      statusCode: 500,
      error: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again in a moment.',
    };
  }
  if (body.statusCode === 429 && !(error instanceof AppError)) {
    body.message = 'Too many requests. Please wait a minute and try again.';
  }
  if (body.statusCode >= 500) body.requestId = request.id;
  return body;
}

/**
 * Fastify's option `frameworkErrors`: a path its router cannot decode (%ED%A0%80, a lone
 * surrogate) is refused before any hook or this plugin's handler runs; it gets the same body and
 * sentence as every other 400 all the same.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const body = errorBody(error, request);
  // No hook ran (the router refused the path first), so the request-id plugin did not name it.
  reply.header(REQUEST_ID_HEADER, request.id);
  return reply.status(body.statusCode).send(body);
}

export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const body = errorBody(error, request);
    if (body.error === 'SERVICE_UNAVAILABLE' && !(error instanceof AppError)) {
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    }
    return reply.status(body.statusCode).send(body);
  });
});
