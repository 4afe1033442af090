import { useSearchParams } from 'wouter';
import { SignUpForm } from '@/features/auth/components/sign-up-form';

export function SignupRoute() {
  const [params] = useSearchParams();
  return <SignUpForm returnTo={params.get('returnTo')} />;
}
