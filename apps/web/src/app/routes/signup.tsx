import { useSearchParams } from 'wouter';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { DemoMailboxHint } from '@/features/demo-mail/components/demo-mailbox';

export function SignupRoute() {
  const [params] = useSearchParams();
  return <SignUpForm returnTo={params.get('returnTo')} afterSent={<DemoMailboxHint />} />;
}
