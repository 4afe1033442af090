// Structured JSON logs that never carry passwords, session tokens or bank numbers.
import type { FastifyServerOptions } from 'fastify';

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
    },
  };
}
