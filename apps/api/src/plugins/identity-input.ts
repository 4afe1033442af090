// better-auth reads its bodies loosely: a `null` name on update-user reaches the database (500),
// a number or a 500-character first name is stored as a name, and its refusals ("[body.token]
// Invalid input: expected string, received array") are not sentences. So the bodies of the
// routes Assay's browser uses are checked here first, with packages/domain's rules (the same
// names, e-mail and password rules as the forms), and better-auth receives the checked body
// (trimmed names included). Its other routes (OIDC callbacks, e-mail verification) pass as
// they are; the edge rule (input-guard.ts) still applies to them.
import type { FastifyRequest } from 'fastify';
import {
  authenticatorCodeSchema,
  displayNameSchema,
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  newPasswordSchema,
  PASSWORD_MAX_LENGTH,
  refusePasswordOfEmail,
  recoveryCodeSchema,
} from '@assay/domain';
import { z } from 'zod';
import { forbidden, InvalidInputError } from '../lib/app-error.ts';

const URL_MAX_LENGTH = 2000;
const TOKEN_MAX_LENGTH = 512;

/** A JSON object with exactly these fields; anything else is named in the refusal. */
function body<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `${issue.keys.join(', ')} cannot be sent here.`
        : 'The request body must be a JSON object.',
  });
}

const redirectUrl = z
  .string({ error: 'The address to return to must be text.' })
  .max(URL_MAX_LENGTH, 'The address to return to is too long.')
  .optional();
const rememberMe = z.boolean({ error: 'rememberMe must be true or false.' }).optional();
const currentPassword = (missing: string) =>
  z
    .string({ error: missing })
    .min(1, missing)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** Keyed by method and the path under the base path, exactly as better-auth routes it. */
export const identityBodySchemas: Record<string, z.ZodType> = {
  'POST /sign-up/email': body({
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    // better-auth's own display name; the browser sends "first last", which is its default.
    name: displayNameSchema.optional(),
    callbackURL: redirectUrl,
    rememberMe,
  })
    .superRefine(refusePasswordOfEmail)
    .transform((b) => ({ ...b, name: b.name ?? `${b.firstName} ${b.lastName}` })),
  'POST /sign-in/email': body({
    email: emailSchema,
    password: currentPassword('Enter your password'),
    callbackURL: redirectUrl,
    rememberMe,
  }),
  'POST /sign-out': body({}).optional(),
  'POST /get-session': body({}).optional(),
  'POST /request-password-reset': body({ email: emailSchema, redirectTo: redirectUrl }),
  'POST /reset-password': body({
    newPassword: newPasswordSchema,
    token: z
      .string({ error: 'The reset link is not valid. Please ask for a new one.' })
      .min(1, 'The reset link is not valid. Please ask for a new one.')
      .max(TOKEN_MAX_LENGTH, 'The reset link is not valid. Please ask for a new one.')
      .optional(),
  }),
  'POST /update-user': body({
    name: displayNameSchema.optional(),
    firstName: firstNameSchema.optional(),
    lastName: lastNameSchema.optional(),
  }).refine((b) => Object.values(b).some((value) => value !== undefined), {
    error: 'Nothing to update: send a name, a first name or a last name.',
  }),
  'POST /change-password': body({
    currentPassword: currentPassword('Enter your current password'),
    newPassword: newPasswordSchema,
    revokeOtherSessions: z.boolean({ error: 'revokeOtherSessions must be true or false.' }).optional(),
  }),
  // The second factor (decision 026). No `trustDevice`: every staff sign-in asks for the code. The
  // password is optional only for people who sign in through the identity provider and have none;
  // better-auth asks for it from everyone who has one.
  'POST /two-factor/enable': body({ password: currentPassword('Enter your password').optional() }),
  'POST /two-factor/verify-totp': body({ code: authenticatorCodeSchema }),
  'POST /two-factor/verify-backup-code': body({ code: recoveryCodeSchema }),
};

const operatorReset =
  'An authenticator app cannot be removed, replaced or shown again from here. If yours is lost, an Assay operator resets it (npm run admin -- reset-2fa EMAIL); then you set up a new one.';

/**
 * better-auth routes closed to browsers: with a stolen session and the password they would let a
 * stranger read the authenticator's secret, or remove it and enrol their own.
 */
export const closedIdentityRoutes: Record<string, string> = {
  'POST /two-factor/disable': operatorReset,
  'POST /two-factor/get-totp-uri': operatorReset,
  'POST /two-factor/generate-backup-codes': operatorReset,
  'POST /two-factor/send-otp': operatorReset,
  'POST /two-factor/verify-otp': operatorReset,
};

/** The key of `identityBodySchemas` for a request under `basePath`, or null outside it. */
export function identityRouteKey(method: string, url: string, basePath: string): string | null {
  // The path better-auth will route: dot segments resolved the way `new URL` resolves them.
  const { pathname } = new URL(url, 'http://identity.invalid');
  if (!pathname.startsWith(`${basePath}/`)) return null;
  return `${method} ${pathname.slice(basePath.length)}`;
}

/** preValidation of the /api/identity/* route: refuses a bad body, or hands on the checked one. */
export function checkIdentityInput(basePath: string) {
  return async (request: FastifyRequest) => {
    const key = identityRouteKey(request.method, request.url, basePath);
    const closed = key ? closedIdentityRoutes[key] : undefined;
    if (closed) throw forbidden(closed);
    const schema = key ? identityBodySchemas[key] : undefined;
    if (!schema) return;
    const result = schema.safeParse(request.body);
    if (!result.success) {
      throw new InvalidInputError(
        'body',
        result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      );
    }
    request.body = result.data;
  };
}
