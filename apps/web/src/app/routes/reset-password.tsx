import { useSearchParams } from 'wouter';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/** '/reset-password?token=...' or '?error=INVALID_TOKEN' (better-auth redirects here from the e-mail link). */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  return <ResetPasswordForm token={params.get('token')} error={params.get('error')} />;
}
