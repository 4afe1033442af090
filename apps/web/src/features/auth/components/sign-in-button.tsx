import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { redirectToSignIn, startSignIn } from '../lib/navigation';

type SignInButtonProps = Omit<ComponentProps<typeof Button>, 'onClick' | 'asChild'> & {
  /** Where the person lands once signed in (a path of this site); home when not given. */
  returnTo?: string;
};

/** Any 'Get Started' / 'Start Selling Now' call to action: sends the browser to /api/login. */
export function SignInButton({ returnTo, ...props }: SignInButtonProps) {
  return <Button {...props} onClick={returnTo ? () => redirectToSignIn(returnTo) : startSignIn} />;
}
