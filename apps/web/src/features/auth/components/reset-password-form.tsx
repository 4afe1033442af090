import { Link } from 'wouter';
import { AlertCircle, CheckCircle2 } from 'lucide-react';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { identityErrorMessage } from '../api/identity';
import { useResetPassword } from '../api/reset-password';
import { PASSWORD_MIN_LENGTH, resetPasswordSchema } from '@assay/domain';
import { AuthFooterLink, AuthShell } from './auth-shell';
import { SubmitButton } from './submit-button';

export const INVALID_RESET_LINK_MESSAGE = 'This reset link is invalid or has expired.';

function InvalidLink() {
  return (
    <AuthShell title="Reset your password" footer={<AuthFooterLink href={paths.login}>Back to sign in</AuthFooterLink>}>
      <div className="flex flex-col gap-5">
        <Alert variant="error">
          <AlertCircle aria-hidden="true" />
          <span>{INVALID_RESET_LINK_MESSAGE}</span>
        </Alert>
        <Button asChild variant="outline" size="lg">
          <Link href={paths.forgotPassword}>Request a new link</Link>
        </Button>
      </div>
    </AuthShell>
  );
}

/** The page the e-mailed link opens: /reset-password?token=... or ?error=INVALID_TOKEN. */
export function ResetPasswordForm({ token, error }: { token: string | null; error: string | null }) {
  const reset = useResetPassword();
  const form = useZodForm(resetPasswordSchema, { defaultValues: { newPassword: '', confirmPassword: '' } });
  const { errors } = form.formState;

  const tokenRejected = reset.error instanceof ApiError && reset.error.code === 'INVALID_TOKEN';
  if (error || !token || tokenRejected) return <InvalidLink />;

  if (reset.isSuccess) {
    return (
      <AuthShell title="Password changed">
        <div className="flex flex-col gap-5">
          <Alert variant="success">
            <CheckCircle2 aria-hidden="true" />
            <span>Your password has been reset. You can now sign in with your new password.</span>
          </Alert>
          <Button asChild size="lg">
            <Link href={paths.login}>Sign in</Link>
          </Button>
        </div>
      </AuthShell>
    );
  }

  const onSubmit = form.handleSubmit((values) => reset.mutate({ newPassword: values.newPassword, token }));

  return (
    <AuthShell
      title="Choose a new password"
      description="Pick a password you do not use anywhere else."
      footer={<AuthFooterLink href={paths.login}>Back to sign in</AuthFooterLink>}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
        {reset.isError && (
          <Alert variant="error">
            <AlertCircle aria-hidden="true" />
            <span>{identityErrorMessage(reset.error, 'Could not reset your password. Please try again.')}</span>
          </Alert>
        )}
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          autoFocus
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <SubmitButton pending={reset.isPending}>Reset password</SubmitButton>
      </form>
    </AuthShell>
  );
}
