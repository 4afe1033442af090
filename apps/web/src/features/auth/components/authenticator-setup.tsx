import { useState } from 'react';
import { AlertCircle, CheckCircle2, KeyRound, ShieldCheck } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { z } from 'zod';
import { authenticatorCodeSchema, PASSWORD_MAX_LENGTH } from '@assay/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { identityErrorMessage } from '../api/identity';
import {
  type AuthenticatorSetUp,
  confirmAuthenticator,
  groupedSecret,
  manualEntryOf,
  startAuthenticatorSetUp,
} from '../api/second-factor';
import { SubmitButton } from './submit-button';

// Empty is allowed: someone who signs in through the identity provider has no password, and the
// server asks for it from everyone who has one.
const passwordForm = z.object({ password: z.string().max(PASSWORD_MAX_LENGTH) });
const codeForm = z.object({ code: authenticatorCodeSchema });

type Step = { name: 'password' } | { name: 'scan' | 'save' | 'confirm'; setUp: AuthenticatorSetUp };

/**
 * Setting up an authenticator app (decision 026), one step at a time: the password, then the QR
 * code (and the secret as text, for typing in), then the recovery codes, shown once, which must be
 * saved before going on, then the app's first code. `onDone` runs once the server has confirmed it.
 */
export function AuthenticatorSetup({ onDone }: { onDone: () => void }) {
  const [step, setStep] = useState<Step>({ name: 'password' });
  switch (step.name) {
    case 'password':
      return <PasswordStep onStarted={(setUp) => setStep({ name: 'scan', setUp })} />;
    case 'scan':
      return <ScanStep setUp={step.setUp} onNext={() => setStep({ name: 'save', setUp: step.setUp })} />;
    case 'save':
      return <SaveCodesStep setUp={step.setUp} onNext={() => setStep({ name: 'confirm', setUp: step.setUp })} />;
    case 'confirm':
      return <ConfirmStep onBack={() => setStep({ name: 'scan', setUp: step.setUp })} onDone={onDone} />;
  }
}

function StepHeading({ index, title }: { index: number; title: string }) {
  return (
    <h2 className="flex items-start gap-2 text-lg font-semibold leading-7 text-navy-900">
      <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-navy-900 text-sm text-white">
        {index}
      </span>
      {title}
    </h2>
  );
}

function PasswordStep({ onStarted }: { onStarted: (setUp: AuthenticatorSetUp) => void }) {
  const form = useZodForm(passwordForm, { defaultValues: { password: '' } });
  const [failure, setFailure] = useState<unknown>(null);
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      onStarted(await startAuthenticatorSetUp(password || undefined));
    } catch (err) {
      setFailure(err);
    }
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
      <p className="text-muted-foreground">
        Appraisers approve identities and send money, so Assay asks for a code from an authenticator app (Google Authenticator,
        Microsoft Authenticator, 1Password, Authy...) at each sign-in and before those decisions.
      </p>
      {failure !== null && (
        <Alert variant="error">
          <AlertCircle aria-hidden="true" />
          <span>{identityErrorMessage(failure, 'Could not start the set-up. Please try again.')}</span>
        </Alert>
      )}
      <TextField
        label="Your Assay password"
        type="password"
        autoComplete="current-password"
        hint="To confirm it is you. Leave it empty if you sign in through your company's identity provider."
        error={errors.password?.message}
        {...form.register('password')}
      />
      <SubmitButton pending={isSubmitting}>Continue</SubmitButton>
    </form>
  );
}

function ScanStep({ setUp, onNext }: { setUp: AuthenticatorSetUp; onNext: () => void }) {
  const { account, secret } = manualEntryOf(setUp.totpURI);
  return (
    <div className="flex flex-col gap-5">
      <StepHeading index={1} title="Scan this code with your app" />
      <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start">
        <div className="rounded-lg border border-border bg-white p-3">
          <QRCodeSVG value={setUp.totpURI} size={184} level="M" marginSize={0} title="QR code for your authenticator app" />
        </div>
        <div className="flex w-full min-w-0 flex-col gap-2 text-sm">
          <p className="text-muted-foreground">Cannot scan it? Add an account by hand, time-based, with:</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="font-medium text-navy-900">Account</dt>
            <dd className="break-all">{account}</dd>
            <dt className="font-medium text-navy-900">Key</dt>
            <dd>
              {/* Wrapped between groups of four, never inside one, so it can be typed in as read. */}
              <code
                className="block rounded bg-muted px-2 py-1 font-mono text-[0.95em] leading-relaxed tracking-wide"
                aria-label="Secret key"
              >
                {groupedSecret(secret)}
              </code>
            </dd>
          </dl>
        </div>
      </div>
      <Button size="lg" className="w-full" onClick={onNext}>
        I have added it
      </Button>
    </div>
  );
}

function SaveCodesStep({ setUp, onNext }: { setUp: AuthenticatorSetUp; onNext: () => void }) {
  const [saved, setSaved] = useState(false);
  return (
    <div className="flex flex-col gap-5">
      <StepHeading index={2} title="Save your recovery codes" />
      <Alert variant="warning">
        <KeyRound aria-hidden="true" />
        <span>
          If you lose your phone, each of these codes signs you in once instead of the app. They are shown only now: print them or
          keep them in your password manager.
        </span>
      </Alert>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-md border border-border bg-muted/50 p-3 font-mono text-sm sm:text-base"
      >
        {setUp.backupCodes.map((code) => (
          <li key={code} className="text-center tracking-wide">
            {code}
          </li>
        ))}
      </ul>
      <label className="flex cursor-pointer items-start gap-3 text-sm font-medium text-navy-900">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-navy-900"
          checked={saved}
          onChange={(event) => setSaved(event.target.checked)}
        />
        I have saved these recovery codes somewhere safe
      </label>
      <Button size="lg" className="w-full" disabled={!saved} onClick={onNext}>
        Continue
      </Button>
    </div>
  );
}

function ConfirmStep({ onBack, onDone }: { onBack: () => void; onDone: () => void }) {
  const form = useZodForm(codeForm, { defaultValues: { code: '' } });
  const [failure, setFailure] = useState<unknown>(null);
  const [confirmed, setConfirmed] = useState(false);
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      await confirmAuthenticator(code);
      setConfirmed(true);
      onDone();
    } catch (err) {
      setFailure(err);
      form.setValue('code', '');
    }
  });
  if (confirmed) {
    return (
      <Alert variant="success">
        <CheckCircle2 aria-hidden="true" />
        <span>Your authenticator app is set up. Taking you back...</span>
      </Alert>
    );
  }
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
      <StepHeading index={3} title="Enter the code your app shows" />
      {failure !== null && (
        <Alert variant="error">
          <AlertCircle aria-hidden="true" />
          <span>{identityErrorMessage(failure, 'The code could not be checked. Please try again.')}</span>
        </Alert>
      )}
      <TextField
        label="6-digit code"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        className="[&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.3em]"
        error={errors.code?.message}
        {...form.register('code')}
      />
      <SubmitButton pending={isSubmitting}>Confirm and finish</SubmitButton>
      <Button variant="link" className="h-auto self-start p-0" onClick={onBack}>
        Back to the QR code
      </Button>
    </form>
  );
}

/** Shown instead of the set-up to someone who has an authenticator app already. */
export function AuthenticatorAlreadySetUp() {
  return (
    <Alert variant="success">
      <ShieldCheck aria-hidden="true" />
      <span>
        Your authenticator app is set up. If you lose it, sign in with a recovery code, or ask an Assay operator to reset it (npm
        run admin -- reset-2fa YOUR-EMAIL); then you set up a new one here.
      </span>
    </Alert>
  );
}
