import { useState } from 'react';
import { AlertCircle, MailCheck } from 'lucide-react';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { Alert } from '@/components/ui/alert';
import { TextField } from '@/components/ui/text-field';
import { identityErrorMessage } from '../api/identity';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { forgotPasswordSchema } from '@assay/domain';
import { AuthFooterLink, AuthShell } from './auth-shell';
import { SubmitButton } from './submit-button';

export const RESET_LINK_SENT_MESSAGE = 'If an account exists for that e-mail, we have sent a link to reset your password.';

/**
 * Always the same confirmation, whether or not the address has an account: the page must not
 * reveal who is a customer. Only rate limits and server or network failures show an error.
 */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const form = useZodForm(forgotPasswordSchema, { defaultValues: { email: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    request.mutate(values, {
      onSuccess: () => setSent(true),
      onError: (err) => {
        if (err instanceof ApiError && err.status < 500 && err.status !== 429) setSent(true);
      },
    });
  });

  const showError = request.isError && !sent;

  return (
    <AuthShell
      title="Reset your password"
      description="Enter the e-mail you signed up with and we will send you a link to choose a new password."
      footer={<AuthFooterLink href={paths.login}>Back to sign in</AuthFooterLink>}
    >
      {sent ? (
        <Alert variant="success">
          <MailCheck aria-hidden="true" />
          <span>{RESET_LINK_SENT_MESSAGE}</span>
        </Alert>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
          {showError && (
            <Alert variant="error">
              <AlertCircle aria-hidden="true" />
              <span>{identityErrorMessage(request.error, 'Could not send the reset link. Please try again.')}</span>
            </Alert>
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
          <SubmitButton pending={request.isPending}>Send reset link</SubmitButton>
        </form>
      )}
    </AuthShell>
  );
}
