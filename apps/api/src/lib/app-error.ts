// One error vocabulary for the whole server: services throw AppError with a code, and the single
// error handler maps the code to an HTTP status. Messages are written for the person reading them.
export const errorStatus = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  /** An appraiser has not set up an authenticator app where one is required (the browser opens the set-up page). */
  SECOND_FACTOR_REQUIRED: 403,
  /** A money or identity decision wants a code proved in the last minutes (the browser asks for one and retries). */
  STEP_UP_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A shipping label needs the client's address first (the browser then asks for it). */
  ADDRESS_REQUIRED: 409,
  /** A payout above the KYC threshold waits for the client's verified identity (the browser then asks for it). */
  KYC_REQUIRED: 409,
  /** The rule asks for the seller's signed statement of ownership before paying (the browser then asks for it). */
  STATEMENT_REQUIRED: 409,
  /** A bought item's police report line is not whole yet (issue 28 item 6): the appraiser's to complete; the browser says so and keeps the form. */
  PURCHASE_RECORD_INCOMPLETE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  /** An upstream service (the metals price feed) failed; the message says how. */
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} was not found.`);
export const forbidden = (message = 'You do not have permission to do that.') => new AppError('FORBIDDEN', message);
export const unauthorized = () => new AppError('UNAUTHORIZED', 'Please sign in to continue.');
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const badRequest = (message: string, details?: unknown) => new AppError('BAD_REQUEST', message, details);

/** One field a request got wrong, as a 400 body lists it ('' when it is about the whole input). */
export interface InputIssue {
  path: string;
  message: string;
}

/** The sentence of every field-by-field 400: "Invalid body: firstName: Enter your first name". */
export function describeIssues(where: string, issues: InputIssue[]): string {
  return `Invalid ${where}: ${issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')}`;
}

/** A refusal field by field, for input checked outside a route's own schema. */
export class InvalidInputError extends AppError {
  constructor(
    where: string,
    readonly issues: InputIssue[],
  ) {
    super('BAD_REQUEST', describeIssues(where, issues));
    this.name = 'InvalidInputError';
  }
}
