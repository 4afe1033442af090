import { useSearchParams } from 'wouter';
import { SignInForm } from '@/features/auth/components/sign-in-form';

/**
 * '/login?returnTo=/client': /api/login redirects here when no OIDC provider is configured, and a
 * failed provider sign-in comes back here with '&error=<code>'.
 */
export function LoginRoute() {
  const [params] = useSearchParams();
  return <SignInForm returnTo={params.get('returnTo')} providerError={params.get('error')} />;
}
