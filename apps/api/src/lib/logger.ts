// Structured JSON logs that never carry passwords, session tokens, bank numbers, personal data
// (dates of birth, street lines, phones, client IP addresses: decision 028) or the values of a
// failed query.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import pino from 'pino';
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
  // Personal data, wherever an object carrying it is logged (lib/personal-data.ts seals it at rest).
  '*.dateOfBirth',
  '*.line1',
  '*.line2',
  '*.phone',
  '*.ip',
  '*.ipAddress',
  '*.address.line1',
  '*.address.line2',
  '*.address.phone',
];

// A client's IP address is personal data (the statement of ownership keeps it sealed), so request
// lines carry a pseudonym instead: the same address gives the same tag for the life of the process,
// enough to follow one client through the log, and the salt never leaves memory.
const clientSalt = randomBytes(16);

/** The tag request lines carry in place of a client's IP address. */
export function clientTag(ip: string | undefined): string | undefined {
  if (!ip) return undefined;
  return createHash('sha256').update(clientSalt).update(ip).digest('base64url').slice(0, 12);
}

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
        return { id: request.id, method: request.method, url: scrubUrl(request.url), client: clientTag(request.ip) };
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

const { chindingsSym } = pino.symbols;

/** The bindings text pino prepends to each of a logger's lines (pino.symbols is public API). */
const chindingsOf = (logger: object) => (logger as Record<symbol, unknown>)[chindingsSym];

/** What pino writes before a binding's value in each line: `,"key":` (the value follows as JSON). */
const keyText = (key: string) => `,${JSON.stringify(key)}:`;

/** Quotes, a backslash, non-ASCII, a line separator and a surrogate pair: what JSON escapes or may. */
const PROBE = 'req-"\\\u00e9\u2028\ud83d\ude00</script>';

/** Whether pino binds a string under `key` as keyText + JSON.stringify (no serializer, no censor). */
function bindsPlainly(logger: pino.Logger, key: string): boolean {
  const own = chindingsOf(logger);
  const byPino = chindingsOf(logger.child({ [key]: PROBE }));
  return typeof own === 'string' && byPino === own + keyText(key) + JSON.stringify(PROBE);
}

interface Shortcut {
  /** A child without bindings: its children skip the formatters pino rebuilds for a root's child. */
  unbound: pino.Logger;
  /** Per binding key, its text, or null when pino writes it otherwise (checked once). */
  keys: Map<string, string | null>;
}

const shortcuts = new WeakMap<object, Shortcut>();

function shortcutOf(logger: pino.Logger): Shortcut {
  let shortcut = shortcuts.get(logger);
  if (!shortcut) {
    shortcut = { unbound: logger.child({}), keys: new Map() };
    shortcuts.set(logger, shortcut);
  }
  return shortcut;
}

function textOfKey(logger: pino.Logger, shortcut: Shortcut, key: string): string | null {
  let text = shortcut.keys.get(key);
  if (text === undefined) {
    text = bindsPlainly(logger, key) ? keyText(key) : null;
    shortcut.keys.set(key, text);
  }
  return text;
}

/**
 * Fastify's `childLoggerFactory`: each request's logger, bound to its request id. pino's child()
 * passes every binding through the redaction paths, and @pinojs/redact re-parses each of our
 * paths on every call, even for a string that no path can reach: 1.3 µs a request whether or not
 * anything is logged, the largest cost of a small route (bench/pricing.bench.ts). A child with
 * string bindings and no options is made unbound, then given the text pino would have written
 * after the parent's own (read each time, so setBindings on the parent is followed); that
 * equality is checked once per parent logger and key, and anything else is left to pino.
 */
export function requestChildLogger(logger: FastifyBaseLogger, bindings: Record<string, unknown>, options: object) {
  const parent = logger as pino.Logger;
  const own = chindingsOf(parent);
  if (typeof own !== 'string' || Object.keys(options).length > 0) return logger.child(bindings, options);
  const shortcut = shortcutOf(parent);
  let text = own;
  for (const key in bindings) {
    const value = bindings[key];
    const prefix = typeof value === 'string' ? textOfKey(parent, shortcut, key) : null;
    if (prefix === null) return logger.child(bindings, options);
    text += prefix + JSON.stringify(value);
  }
  const child = shortcut.unbound.child({});
  (child as unknown as Record<symbol, string>)[chindingsSym] = text;
  return child;
}
