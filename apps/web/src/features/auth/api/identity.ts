import { ApiError, errorMessage } from '@/lib/api-client';

/**
 * better-auth is mounted here by apps/api. docs/openapi.json has only its catch-all
 * (/api/identity/{path}), not each route's body and answer, so the identity calls go through
 * apiFetch and type their answers here rather than through the typed client (lib/api.ts).
 */
export const IDENTITY_BASE = '/api/identity';

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

/** The message to show for a failed identity call: rate limits get a fixed text, else the server's. */
export function identityErrorMessage(err: unknown, fallback?: string): string {
  if (err instanceof ApiError && err.status === 429) return RATE_LIMITED_MESSAGE;
  return errorMessage(err, fallback);
}
