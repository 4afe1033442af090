// How an error is written to the log. Pino's default copies every property of an error and of its
// causes, and a failed query carries the values it was given: Drizzle's message ends with
// "params: <every value>", PostgreSQL's `detail` says "Failing row contains (<every column>)" or
// "Key (email)=(<address>)". Those are names, dates of birth, last-4 digits and ciphertexts. So
// an error is rebuilt here from an allowlist: what an operator needs to find the fault (type,
// message, stack, SQL text, SQLSTATE, table, column and constraint names) and never a value.

/** Properties that name a fault but never carry a person's data. */
const SAFE_FIELDS = [
  'code',
  'statusCode',
  'errno',
  'syscall',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;
/** Causes and aggregated errors beyond these are summarised away. */
const MAX_NESTING = 5;
const MAX_AGGREGATED = 10;

type ErrorLike = Error & Record<string, unknown>;

/** A query that failed through Drizzle: `query` is the SQL text with $1 placeholders. */
const isFailedQuery = (err: ErrorLike): err is ErrorLike & { query: string } =>
  typeof err.query === 'string' && err.message.startsWith('Failed query: ');

/** An error from PostgreSQL itself (node-postgres or PGlite), known by its SQLSTATE. */
const isDatabaseError = (err: ErrorLike) =>
  typeof err.severity === 'string' && typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code);

/**
 * PostgreSQL quotes identifiers and, in some messages, the value it refused
 * ('invalid input syntax for type uuid: "<value>"'). The identifiers the error names itself are
 * kept; any other quoted text is masked.
 */
export function maskQuotedValues(message: string, identifiers: readonly unknown[]): string {
  const known = new Set(identifiers.filter((value): value is string => typeof value === 'string'));
  return message.replace(/"((?:[^"]|"")*)"/g, (quoted, inner: string) => (known.has(inner) ? quoted : '"[redacted]"'));
}

function safeMessage(err: ErrorLike): string {
  if (isFailedQuery(err)) return `Failed query: ${err.query}`;
  if (isDatabaseError(err))
    return maskQuotedValues(err.message, [err.schema, err.table, err.column, err.dataType, err.constraint]);
  // Drizzle's text copied into another error's message keeps its values list: cut it off.
  return err.message.replace(/\nparams: [\s\S]*$/, '');
}

/** PGlite's class name is minified and both drivers name their errors 'error'. */
function typeOf(err: ErrorLike): string {
  if (isDatabaseError(err)) return 'DatabaseError';
  const constructorName = err.constructor?.name;
  return constructorName && constructorName !== 'Error' && constructorName !== 'Object' ? constructorName : err.name;
}

/** The stack's frames under the safe message: the first lines of a stack repeat the message. */
function safeStack(err: ErrorLike, type: string, message: string): string {
  const frames = typeof err.stack === 'string' ? err.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  return [`${type}: ${message}`, ...frames].join('\n');
}

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  /** The SQL text of a failed query, placeholders and all. */
  query?: string;
  cause?: LoggedError;
  errors?: LoggedError[];
  [field: string]: unknown;
}

/** Pino's `err` serializer: an error as an operator needs it, without the values it carried. */
export function serializeError(err: unknown, nesting = 0): LoggedError {
  if (!(err instanceof Error)) {
    // Something thrown that is not an Error: only its kind, as its content is unknown.
    return { type: typeof err, message: typeof err === 'string' ? err : `a ${typeof err} was thrown`, stack: '' };
  }
  const e = err as ErrorLike;
  const type = typeOf(e);
  const message = safeMessage(e);
  const logged: LoggedError = { type, message, stack: safeStack(e, type, message) };
  if (typeof e.query === 'string') logged.query = e.query;
  for (const field of SAFE_FIELDS) {
    const value = e[field];
    if (typeof value === 'string' || typeof value === 'number') logged[field] = value;
  }
  if (nesting >= MAX_NESTING) return logged;
  if (e.cause !== undefined) logged.cause = serializeError(e.cause, nesting + 1);
  if (err instanceof AggregateError)
    logged.errors = err.errors.slice(0, MAX_AGGREGATED).map((inner) => serializeError(inner, nesting + 1));
  return logged;
}
