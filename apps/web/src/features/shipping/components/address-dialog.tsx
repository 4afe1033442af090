import { shippingAddressSchema, type ShippingAddress } from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/forms/server-issues';
import { FORM_ERROR, useZodForm } from '@/lib/forms/use-zod-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { NativeSelect } from '@/components/ui/native-select';
import { TextField } from '@/components/ui/text-field';
import { Spinner } from '@/components/ui/spinner';
import { StateRuleNote } from '@/components/state-rule-note';
import { UsStateOptions } from '@/components/us-state-options';
import { useAddress, useSaveAddress } from '../api/address';

type Values = { name: string; line1: string; line2: string; city: string; state: string; postalCode: string; phone: string };

const empty: Values = { name: '', line1: '', line2: '', city: '', state: '', postalCode: '', phone: '' };

/**
 * Asked the first time a label needs it (DECISIONS "Shipping labels"): the sender's address on
 * the label, kept on the profile for next time. Checked with the same schema as the server.
 */
export function AddressDialog({
  open,
  onOpenChange,
  onSaved,
  title = 'Your shipping address',
  description = 'We print it on your label as the sender, and keep it on your profile for next time.',
  submitLabel = 'Save and print label',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (address: ShippingAddress) => void;
  title?: string;
  description?: string;
  submitLabel?: string;
}) {
  const current = useAddress(open);
  const save = useSaveAddress();
  const saved = current.data?.address;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} busy={save.isPending} title={title} description={description}>
      {current.isPending ? (
        <Spinner label="Loading your address..." className="py-6" />
      ) : (
        // Mounted on each opening (the dialog renders its content only while open), so it starts fresh.
        <AddressForm
          key={saved ? 'saved' : 'empty'}
          initial={saved ? { ...saved, line2: saved.line2 ?? '', phone: saved.phone ?? '' } : empty}
          save={save}
          onSaved={onSaved}
          onCancel={() => onOpenChange(false)}
          submitLabel={submitLabel}
        />
      )}
    </Dialog>
  );
}

function AddressForm({
  initial,
  save,
  onSaved,
  onCancel,
  submitLabel,
}: {
  initial: Values;
  save: ReturnType<typeof useSaveAddress>;
  onSaved: (address: ShippingAddress) => void;
  onCancel: () => void;
  submitLabel: string;
}) {
  const form = useZodForm(shippingAddressSchema, { defaultValues: initial });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((address) =>
    save.mutate(address, {
      onSuccess: () => onSaved(address),
      onError: (err) => {
        if (!applyServerIssues(form, err))
          form.setError(FORM_ERROR, { message: errorMessage(err, 'Could not save your address. Please try again.') });
      },
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <FormError message={errors.root?.server?.message} />
      <TextField
        id="address-name"
        label="Full name"
        autoComplete="name"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        id="address-line1"
        label="Street address"
        autoComplete="address-line1"
        error={errors.line1?.message}
        {...form.register('line1')}
      />
      <TextField
        id="address-line2"
        label="Apartment, suite, unit (optional)"
        autoComplete="address-line2"
        error={errors.line2?.message}
        {...form.register('line2')}
      />
      <TextField
        id="address-city"
        label="City"
        autoComplete="address-level2"
        error={errors.city?.message}
        {...form.register('city')}
      />
      <div className="grid grid-cols-2 gap-4">
        <Field id="address-state" label="State" error={errors.state?.message}>
          {(control) => (
            <NativeSelect {...control} autoComplete="address-level1" {...form.register('state')}>
              <UsStateOptions blankLabel="—" />
            </NativeSelect>
          )}
        </Field>
        <TextField
          id="address-postalCode"
          label="ZIP code"
          autoComplete="postal-code"
          inputMode="numeric"
          error={errors.postalCode?.message}
          {...form.register('postalCode')}
        />
      </div>
      <StateRuleNote state={form.watch('state')} />
      <TextField
        id="address-phone"
        label="Phone (optional)"
        type="tel"
        autoComplete="tel"
        hint="For the carrier, only if there is a problem with delivery."
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <DialogActions>
        <Button type="button" variant="outline" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="accent" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? 'Saving...' : submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
