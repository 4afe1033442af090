// better-auth reads its bodies loosely: a `null` name on update-user reaches the database (500),
// a number or a 500-character first name is stored as a name, and its refusals ("[body.token]
// Invalid input: expected string, received array") are not sentences. So the bodies of the
// routes Assay's browser uses are checked here first, with packages/domain's rules (the same
// names, e-mail and password rules as the forms), and better-auth receives the checked body
// (trimmed names included). Its other routes (OIDC callbacks, e-mail verification) pass as
// they are; the edge rule (input-guard.ts) still applies to them.
import type { FastifyRequest } from 'fastify';
import {
  displayNameSchema,
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  newPasswordSchema,
  PASSWORD_MAX_LENGTH,
  refusePasswordOfEmail,
} from '@assay/domain';
import { z } from 'zod';
import { InvalidInputError } from '../lib/app-error.ts';

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
