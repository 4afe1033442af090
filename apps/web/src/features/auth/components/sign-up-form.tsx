import { type ReactNode, useState } from 'react';
import { AlertCircle, MailCheck } from 'lucide-react';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/lib/paths';
import { TextField } from '@/components/ui/text-field';
import { identityErrorMessage } from '../api/identity';
import { useSignUp } from '../api/sign-up';
import { PASSWORD_MIN_LENGTH, signUpSchema } from '@assay/domain';
import { safeReturnTo, withReturnTo } from '../lib/navigation';
import { AuthFooterLink, AuthShell } from './auth-shell';
import { SubmitButton } from './submit-button';

/** `afterSent`: shown under "check your inbox" (the demo's mailbox link). */
export function SignUpForm({ returnTo, afterSent }: { returnTo: string | null; afterSent?: ReactNode }) {
  const signUp = useSignUp();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(signUpSchema, { defaultValues: { firstName: '', lastName: '', email: '', password: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    const after = safeReturnTo(returnTo);
    signUp.mutate(
      { ...values, callbackURL: after === paths.home ? paths.client.dashboard : after },
      { onSuccess: () => setSentTo(values.email) },
    );
  });

  if (sentTo) {
    return (
      <AuthShell
        title="Check your inbox"
        footer={
          <>
            Already confirmed? <AuthFooterLink href={withReturnTo(paths.login, returnTo)}>Sign in</AuthFooterLink>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          <Alert variant="success">
            <MailCheck aria-hidden="true" />
            <span>
              We have sent a link to <strong className="break-all">{sentTo}</strong>. Open it within 24 hours to confirm your
              address; it signs you in.
            </span>
          </Alert>
          <p className="text-sm text-muted-foreground">
            No e-mail after a few minutes? Look in your spam folder, or sign in with your new password and we will send a fresh
            link.
          </p>
          {afterSent}
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Create your account"
      description="Free to join. Get a preliminary quote within 24 hours of submitting."
      footer={
        <>
          Already have an account? <AuthFooterLink href={withReturnTo(paths.login, returnTo)}>Sign in</AuthFooterLink>
        </>
      }
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
        {signUp.isError && (
          <Alert variant="error">
            <AlertCircle aria-hidden="true" />
            <span>{identityErrorMessage(signUp.error, 'Could not create your account. Please try again.')}</span>
          </Alert>
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            autoFocus
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
        </div>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. A short phrase is easy to remember and hard to guess.`}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <SubmitButton pending={signUp.isPending}>Create account</SubmitButton>
      </form>
    </AuthShell>
  );
}
