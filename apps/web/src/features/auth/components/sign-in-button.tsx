import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { signInUrl } from '../lib/navigation';

type SignInButtonProps = Omit<ComponentProps<typeof Button>, 'onClick' | 'asChild'> & {
  /** Where the person lands once signed in (a path of this site); home when not given. */
  returnTo?: string;
};

/**
 * Any 'Get Started' / 'Start Selling Now' call to action: a link to /api/login, drawn as a button.
 * A real link works the moment the server's HTML shows it, before the page's JavaScript arrives.
 */
export function SignInButton({ returnTo, children, ...props }: SignInButtonProps) {
  return (
    <Button asChild {...props}>
      <a href={signInUrl(returnTo ?? null)}>{children}</a>
    </Button>
  );
}
