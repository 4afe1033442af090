import { useState, type FormEvent } from 'react';
import { shippingAddressSchema, usStateCodes, type ShippingAddress } from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { TextField } from '@/components/ui/text-field';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useAddress, useSaveAddress } from '../api/address';

type Values = { name: string; line1: string; line2: string; city: string; state: string; postalCode: string; phone: string };
type Errors = Partial<Record<keyof Values, string>>;

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
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      busy={save.isPending}
      title={title}
      description={description}
    >
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
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const set = (field: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = shippingAddressSchema.safeParse(values);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Values | undefined;
        if (field && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      const first = Object.keys(next)[0];
      if (first) document.getElementById(`address-${first}`)?.focus();
      return;
    }
    setServerError(null);
    save.mutate(parsed.data, {
      onSuccess: () => onSaved(parsed.data),
      onError: (err) => setServerError(errorMessage(err, 'Could not save your address. Please try again.')),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {serverError && (
        <Alert variant="error">
          <span>{serverError}</span>
        </Alert>
      )}
      <TextField id="address-name" label="Full name" autoComplete="name" value={values.name} onChange={(e) => set('name')(e.target.value)} error={errors.name} />
      <TextField id="address-line1" label="Street address" autoComplete="address-line1" value={values.line1} onChange={(e) => set('line1')(e.target.value)} error={errors.line1} />
      <TextField
        id="address-line2"
        label="Apartment, suite, unit (optional)"
        autoComplete="address-line2"
        value={values.line2}
        onChange={(e) => set('line2')(e.target.value)}
        error={errors.line2}
      />
      <TextField id="address-city" label="City" autoComplete="address-level2" value={values.city} onChange={(e) => set('city')(e.target.value)} error={errors.city} />
      <div className="grid grid-cols-2 gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor="address-state">State</Label>
          <NativeSelect
            id="address-state"
            autoComplete="address-level1"
            value={values.state}
            onChange={(e) => set('state')(e.target.value)}
            aria-invalid={errors.state ? true : undefined}
            aria-describedby={errors.state ? 'address-state-error' : undefined}
          >
            <option value="">—</option>
            {usStateCodes.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </NativeSelect>
          {errors.state && (
            <p id="address-state-error" className="text-sm font-medium text-destructive">
              {errors.state}
            </p>
          )}
        </div>
        <TextField
          id="address-postalCode"
          label="ZIP code"
          autoComplete="postal-code"
          inputMode="numeric"
          value={values.postalCode}
          onChange={(e) => set('postalCode')(e.target.value)}
          error={errors.postalCode}
        />
      </div>
      <TextField
        id="address-phone"
        label="Phone (optional)"
        type="tel"
        autoComplete="tel"
        hint="For the carrier, only if there is a problem with delivery."
        value={values.phone}
        onChange={(e) => set('phone')(e.target.value)}
        error={errors.phone}
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
