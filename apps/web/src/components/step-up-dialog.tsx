import { useCallback, useEffect, useRef, useState } from 'react';
import { AlertCircle } from 'lucide-react';
import { stepUpBodySchema } from '@assay/domain';
import { api } from '@/lib/api';
import { errorMessage } from '@/lib/api-client';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { registerStepUpPrompt } from '@/lib/step-up';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';
import { TextField } from './ui/text-field';

/** Confirms a code for the next 10 minutes of sensitive decisions (apps/api users.routes.ts). */
async function confirmStepUp(code: string): Promise<void> {
  await api.POST('/api/auth/step-up', { body: { code } });
}

/**
 * The one "enter the code from your authenticator" dialog (lib/step-up.ts): mounted once with the
 * app's providers, opened by apiFetch or the typed client (lib/api.ts) when a decision answers STEP_UP_REQUIRED; the decision is
 * sent again once the code is confirmed. Requests refused meanwhile wait for the same answer.
 */
export function StepUpDialogHost() {
  const [open, setOpen] = useState(false);
  const waiting = useRef<{ promise: Promise<boolean>; resolve: (confirmed: boolean) => void } | null>(null);

  const finish = useCallback((confirmed: boolean) => {
    waiting.current?.resolve(confirmed);
    waiting.current = null;
    setOpen(false);
  }, []);

  useEffect(
    () =>
      registerStepUpPrompt(() => {
        if (!waiting.current) {
          let resolve!: (confirmed: boolean) => void;
          const promise = new Promise<boolean>((r) => (resolve = r));
          waiting.current = { promise, resolve };
          setOpen(true);
        }
        return waiting.current.promise;
      }),
    [],
  );
  // Unmounted with a request waiting: it gets its refusal rather than waiting forever.
  useEffect(() => () => waiting.current?.resolve(false), []);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && finish(false)}
      title="Enter the code from your authenticator"
      description="This decision moves money or clears a person, so Assay asks for a fresh code (at most every 10 minutes)."
      className="max-w-sm"
    >
      {open && <StepUpForm onConfirmed={() => finish(true)} onCancel={() => finish(false)} />}
    </Dialog>
  );
}

export function StepUpForm({ onConfirmed, onCancel }: { onConfirmed: () => void; onCancel: () => void }) {
  const form = useZodForm(stepUpBodySchema, { defaultValues: { code: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  // showModal() (the dialog's own effect, after this one) focuses the close button: the code
  // field is what a person types into, so it takes the focus back once the dialog is open.
  useEffect(() => {
    const timer = setTimeout(() => form.setFocus('code'));
    return () => clearTimeout(timer);
  }, [form]);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      await confirmStepUp(code);
      onConfirmed();
    } catch (err) {
      setFailure(errorMessage(err, 'The code could not be checked. Please try again.'));
      form.setValue('code', '');
      form.setFocus('code');
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      {failure && (
        <Alert variant="error">
          <AlertCircle aria-hidden="true" />
          <span>{failure}</span>
        </Alert>
      )}
      <TextField
        label="6-digit code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        className="[&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.3em]"
        error={errors.code?.message}
        {...form.register('code')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          Confirm and continue
        </Button>
      </div>
    </form>
  );
}
