// Where better-auth lives in Assay's URL space. The identity service (modules/users/identity.ts)
// configures better-auth with these and the Fastify bridge (plugins/auth.ts) routes by them, so
// they sit here, where both may import them without a plugin reaching into a module.

export const AUTH_BASE_PATH = '/api/identity';
/** better-auth's id for the configured OpenID Connect provider; its callback is AUTH_BASE_PATH/callback/oidc. */
export const OIDC_PROVIDER_ID = 'oidc';
/** Where a failed provider sign-in lands (with ?error=<code>): the sign-in page explains it. */
export const SIGN_IN_PAGE = '/login';
