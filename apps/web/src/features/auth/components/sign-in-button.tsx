import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { startSignIn } from '../lib/navigation';

/** Any 'Get Started' / 'Start Selling Now' call to action: sends the browser to /api/login. */
export function SignInButton(props: Omit<ComponentProps<typeof Button>, 'onClick' | 'asChild'>) {
  return <Button {...props} onClick={startSignIn} />;
}
