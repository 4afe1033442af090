import { useState } from 'react';
import { AlertCircle } from 'lucide-react';
import { z } from 'zod';
import { authenticatorCodeSchema, recoveryCodeSchema } from '@assay/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { identityErrorMessage } from '../api/identity';
import { useVerifySignInCode } from '../api/second-factor';
import { SubmitButton } from './submit-button';

const appCodeForm = z.object({ code: authenticatorCodeSchema });
const recoveryCodeForm = z.object({ code: recoveryCodeSchema });

/**
 * The second step of a staff sign-in (decision 026): the 6-digit code from the authenticator app,
 * or one of the recovery codes instead. `onSignedIn` runs once the session exists; `onRestart`
 * goes back to the password (the pending sign-in lasts 10 minutes).
 */
export function SignInCodeStep({ onSignedIn, onRestart }: { onSignedIn: () => void; onRestart: () => void }) {
  const [recovery, setRecovery] = useState(false);
  return recovery ? (
    <CodeForm
      key="recovery"
      recovery
      onSignedIn={onSignedIn}
      onRestart={onRestart}
      switchLabel="Use the app's code instead"
      onSwitch={() => setRecovery(false)}
    />
  ) : (
    <CodeForm
      key="app"
      recovery={false}
      onSignedIn={onSignedIn}
      onRestart={onRestart}
      switchLabel="Use a recovery code instead"
      onSwitch={() => setRecovery(true)}
    />
  );
}

function CodeForm({
  recovery,
  onSignedIn,
  onRestart,
  switchLabel,
  onSwitch,
}: {
  recovery: boolean;
  onSignedIn: () => void;
  onRestart: () => void;
  switchLabel: string;
  onSwitch: () => void;
}) {
  const verify = useVerifySignInCode();
  const form = useZodForm(recovery ? recoveryCodeForm : appCodeForm, { defaultValues: { code: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ code }) => {
    verify.mutate({ code, recovery }, { onSuccess: onSignedIn, onError: () => form.setValue('code', '') });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
      <p className="text-sm text-muted-foreground">
        {recovery
          ? 'Enter one of the recovery codes you saved when you set up your authenticator app. Each code works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for Assay.'}
      </p>
      {verify.isError && (
        <Alert variant="error">
          <AlertCircle aria-hidden="true" />
          <span>{identityErrorMessage(verify.error, 'The code could not be checked. Please try again.')}</span>
        </Alert>
      )}
      <TextField
        label={recovery ? 'Recovery code' : '6-digit code'}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        autoCapitalize="off"
        spellCheck={false}
        autoFocus
        className="[&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.2em]"
        error={errors.code?.message}
        {...form.register('code')}
      />
      <SubmitButton pending={verify.isPending || verify.isSuccess}>Verify and sign in</SubmitButton>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button variant="link" className="h-auto p-0" onClick={onSwitch}>
          {switchLabel}
        </Button>
        <Button variant="link" className="h-auto p-0" onClick={onRestart}>
          Start again
        </Button>
      </div>
    </form>
  );
}
