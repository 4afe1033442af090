import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { RESERVE_DECLINE_HOURS, reserveCentsOf, reserveWarning } from '@assay/domain';
import { FieldMessage } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** The form's reserve fields, as typed. */
export interface ReserveFormFields {
  reserve: string;
  reservePayoutMethod: 'paypal' | 'check';
  reservePaypalEmail: string;
}

/** The reserve's fields for the form's body: nothing when left empty (decision 040). */
export function reserveBody({ reserve, reservePayoutMethod, reservePaypalEmail }: ReserveFormFields) {
  if (!reserve.trim()) return {};
  return {
    reserve: reserve.trim(),
    reservePayout:
      reservePayoutMethod === 'paypal'
        ? { payoutMethod: 'paypal' as const, payoutDetails: { email: reservePaypalEmail } }
        : { payoutMethod: 'check' as const, payoutDetails: { method: 'check' as const } },
  };
}

/** Where a server or schema issue about the reserve is shown. */
export function reserveFieldOf(path: readonly PropertyKey[]): keyof ReserveFormFields | null {
  if (path[0] === 'reserve') return 'reserve';
  if (path[0] === 'reservePayout') return path.includes('email') ? 'reservePaypalEmail' : 'reservePayoutMethod';
  return null;
}

/**
 * "Reserve (optional)" on the new-submission form: the lowest offer the seller will take. An offer
 * at or above it is accepted for them (24 h to decline); below it, the parcel comes back free.
 */
export function ReserveField({
  values: { reserve, reservePayoutMethod: method },
  fields,
  errors,
  quoteMaxCents,
}: {
  values: Pick<ReserveFormFields, 'reserve' | 'reservePayoutMethod'>;
  /** The form's registrations of the three fields. */
  fields: Record<keyof ReserveFormFields, UseFormRegisterReturn>;
  errors: Partial<Record<keyof ReserveFormFields, string>>;
  quoteMaxCents: number | null;
}) {
  const ids = { reserve: useId(), email: useId(), method: useId() };
  const cents = reserve.trim() ? reserveCentsOf(reserve) : null;
  const warning = reserveWarning(cents, quoteMaxCents);

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={ids.reserve}>Reserve (optional)</Label>
      <div className="relative max-w-48">
        <span aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-muted-foreground">
          $
        </span>
        <Input
          id={ids.reserve}
          inputMode="decimal"
          autoComplete="off"
          className="pl-7"
          placeholder="1500"
          {...fields.reserve}
          aria-invalid={errors.reserve ? true : undefined}
          aria-describedby={`${ids.reserve}-hint ${ids.reserve}-warning ${ids.reserve}-error`}
        />
      </div>
      <p id={`${ids.reserve}-hint`} className="text-xs text-muted-foreground">
        The lowest offer you will take. An offer at or above it is accepted for you and paid after {RESERVE_DECLINE_HOURS} hours,
        unless you decline it before then; an offer below it and we return your items free.
      </p>
      <p id={`${ids.reserve}-warning`} role="status" className="text-xs font-medium text-amber-800">
        {warning}
      </p>
      <FieldMessage id={`${ids.reserve}-error`}>{errors.reserve}</FieldMessage>
      {reserve.trim() && (
        <fieldset className="mt-1 flex flex-col gap-2 rounded-md border p-3" aria-describedby={`${ids.method}-error`}>
          <legend className="px-1 text-sm font-medium">How should we pay you when your reserve is met?</legend>
          <div className="flex flex-wrap gap-4 text-sm">
            <label className="flex items-center gap-2">
              <input type="radio" value="paypal" {...fields.reservePayoutMethod} />
              PayPal
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" value="check" {...fields.reservePayoutMethod} />
              Paper check to your address
            </label>
          </div>
          {method === 'paypal' && (
            <div className="flex flex-col gap-1">
              <Label htmlFor={ids.email}>PayPal e-mail</Label>
              <Input
                id={ids.email}
                type="email"
                autoComplete="email"
                {...fields.reservePaypalEmail}
                aria-invalid={errors.reservePaypalEmail ? true : undefined}
                aria-describedby={`${ids.email}-error`}
              />
              <FieldMessage id={`${ids.email}-error`}>{errors.reservePaypalEmail}</FieldMessage>
            </div>
          )}
          <FieldMessage id={`${ids.method}-error`}>{errors.reservePayoutMethod}</FieldMessage>
        </fieldset>
      )}
    </div>
  );
}
