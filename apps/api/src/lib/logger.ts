// Structured JSON logs that never carry passwords, session tokens, bank numbers or the values of
// a failed query.
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { serializeError } from './log-errors.ts';

export const redactedPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.accountNumber',
  '*.routingNumber',
  '*.payoutDetails',
  '*.sessionSecret',
  '*.encryptionKey',
  '*.previousEncryptionKeys',
];

/** Reset links and OAuth callbacks carry secrets in the URL; logs keep only their shape. */
export function scrubUrl(url: string): string {
  return url
    .replace(/(\/reset-password\/)[^/?#]+/gi, '$1[redacted]')
    .replace(/([?&](?:token|code|state|callbackURL)=)[^&#]*/gi, '$1[redacted]');
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return { id: request.id, method: request.method, url: scrubUrl(request.url), ip: request.ip };
      },
      err: serializeError,
    },
  };
}

type IdentityLogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * better-auth's `logger` option: its lines go through the app's logger, so an error it logs gets
 * the same serializer, instead of being printed whole (query values included) on the console.
 * Only its errors are kept from the arguments: anything else it passes is of unknown content.
 */
export function identityLogger(log: FastifyBaseLogger) {
  return {
    level: 'warn' as const,
    log(level: IdentityLogLevel, message: string, ...args: unknown[]) {
      const err = args.find((arg) => arg instanceof Error);
      log[level](err ? { err } : {}, `better-auth: ${message}`);
    },
  };
}
