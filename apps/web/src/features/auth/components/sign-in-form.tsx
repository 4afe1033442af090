import { useState } from 'react';
import { Link } from 'wouter';
import { AlertCircle } from 'lucide-react';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/lib/paths';
import { TextField } from '@/components/ui/text-field';
import { identityErrorMessage } from '../api/identity';
import { useSignIn } from '../api/sign-in';
import { signInSchema } from '@assay/domain';
import { navigateAfterSignIn, signInUrl, withReturnTo } from '../lib/navigation';
import { providerSignInError } from '../lib/provider-sign-in-error';
import { AuthFooterLink, AuthShell } from './auth-shell';
import { SignInCodeStep } from './sign-in-code-step';
import { SubmitButton } from './submit-button';

/** `providerError`: the code a failed identity-provider sign-in came back with, if any. */
export function SignInForm({ returnTo, providerError = null }: { returnTo: string | null; providerError?: string | null }) {
  const signIn = useSignIn();
  const fromProvider = providerSignInError(providerError);
  const [navigating, setNavigating] = useState(false);
  const [askCode, setAskCode] = useState(false);
  const form = useZodForm(signInSchema, { defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  const signedIn = () => {
    setNavigating(true);
    navigateAfterSignIn(returnTo);
  };
  const onSubmit = form.handleSubmit((values) => {
    signIn.mutate(values, {
      onSuccess: (result) => (result.next === 'code' ? setAskCode(true) : signedIn()),
    });
  });

  if (askCode) {
    return (
      <AuthShell title="Enter your code" description="Your account is protected by an authenticator app.">
        <SignInCodeStep
          onSignedIn={signedIn}
          onRestart={() => {
            signIn.reset();
            form.setValue('password', '');
            setAskCode(false);
          }}
        />
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Sign in"
      description="Welcome back. Sign in to track your submissions and offers."
      footer={
        <>
          New to Assay? <AuthFooterLink href={withReturnTo(paths.signup, returnTo)}>Create an account</AuthFooterLink>
        </>
      }
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
        {signIn.isError ? (
          <Alert variant="error">
            <AlertCircle aria-hidden="true" />
            <span>{identityErrorMessage(signIn.error, 'Could not sign in. Please try again.')}</span>
          </Alert>
        ) : (
          fromProvider && (
            <Alert variant="error">
              <AlertCircle aria-hidden="true" />
              <span>
                {fromProvider.message}
                {fromProvider.canRetry && (
                  <>
                    {' '}
                    {/* A plain link: /api/login is a server route that redirects to the provider. */}
                    <a href={signInUrl(returnTo)} className="font-semibold underline underline-offset-4">
                      Try again
                    </a>
                  </>
                )}
              </span>
            </Alert>
          )
        )}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoFocus
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="-mt-2 text-right">
          <Link
            href={paths.forgotPassword}
            className="rounded-sm text-sm font-medium text-navy-700 underline-offset-4 hover:underline"
          >
            Forgot password?
          </Link>
        </div>
        <SubmitButton pending={signIn.isPending || navigating}>Sign in</SubmitButton>
      </form>
    </AuthShell>
  );
}
