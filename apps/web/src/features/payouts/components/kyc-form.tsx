import { useId, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  acceptedImageTypes,
  checkIdIssuer,
  COUNTRY_CODES,
  idIssuerKind,
  idTypeLabels,
  idTypes,
  kycSubmissionFields,
  MAX_IMAGE_BYTES,
  US_STATES,
} from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/forms/server-issues';
import { clearFieldError, useZodForm } from '@/lib/forms/use-zod-form';
import { uploadImage } from '@/lib/object-upload';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import { TextField } from '@/components/ui/text-field';
import { useSubmitKyc } from '../api/kyc';

/**
 * The details as the server checks them (POST /api/kyc) and the photo, which is uploaded first
 * and sent as its id. The ID type starts unchosen.
 */
const kycFormSchema = kycSubmissionFields
  .omit({ idImageId: true, idType: true })
  .extend({
    idType: z.string().pipe(kycSubmissionFields.shape.idType),
    idImage: z.custom<File | null>().transform((file, ctx) => {
      if (!file) ctx.addIssue({ code: 'custom', message: 'Please add a photo of your ID.' });
      else if (file.size > MAX_IMAGE_BYTES)
        ctx.addIssue({ code: 'custom', message: 'This photo exceeds maximum allowed size of 10 MB' });
      return file ?? z.NEVER;
    }),
  })
  .superRefine(checkIdIssuer);

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
/** Countries by their English names, for the passport's issuer. */
const countries = COUNTRY_CODES.map((code) => ({ code, name: countryNames.of(code) ?? code })).sort((a, b) =>
  a.name.localeCompare(b.name, 'en'),
);

/**
 * Identity check before the payout of a flagged offer (DECISIONS "requiresKyc"): the details and
 * a photo of the ID, uploaded privately (purpose 'kyc') and reviewed by an appraiser. The step
 * around it has the heading and says why, so the form is named by that heading.
 */
export function KycForm({ labelledBy, rejectionReason }: { labelledBy: string; rejectionReason?: string | null }) {
  const submit = useSubmitKyc();
  const form = useZodForm(kycFormSchema, {
    defaultValues: { fullName: '', dateOfBirth: '', idType: '', idNumber: '', idIssuer: '', idImage: null },
  });
  // A passport is issued by a country, the other IDs by a US state: the list follows the type.
  const issuerKind = idIssuerKind(form.watch('idType'));
  const { errors } = form.formState;
  const [uploading, setUploading] = useState(false);
  const fileId = useId();
  const busy = uploading || submit.isPending;

  const onSubmit = form.handleSubmit(async ({ idImage: file, ...details }) => {
    let idImageId: string;
    setUploading(true);
    try {
      idImageId = (await uploadImage(file, 'kyc')).imageId;
    } catch (err) {
      toast.error(`Failed to upload ${file.name}`, { description: errorMessage(err) });
      return;
    } finally {
      setUploading(false);
    }
    submit.mutate(
      { ...details, idImageId },
      {
        onSuccess: () =>
          toast.success('Identity details sent', {
            description: 'We are reviewing your identity. We will let you know when it is done.',
          }),
        onError: (err) => {
          applyServerIssues(form, err);
          toast.error('Could not send your details', { description: errorMessage(err) });
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4" aria-labelledby={labelledBy}>
      <p className="text-sm text-muted-foreground">
        Your details and a photo of your ID. The photo is stored privately and only our review team sees it.
      </p>
      {rejectionReason && (
        <Alert variant="warning">
          <span>Your last verification was not approved: {rejectionReason}</span>
        </Alert>
      )}
      <TextField label="Full legal name" autoComplete="name" error={errors.fullName?.message} {...form.register('fullName')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Date of birth"
          type="date"
          autoComplete="bday"
          error={errors.dateOfBirth?.message}
          {...form.register('dateOfBirth')}
        />
        <Field id={`${fileId}-type`} label="ID type" error={errors.idType?.message}>
          {(control) => (
            <NativeSelect
              {...control}
              {...form.register('idType', {
                // A state chosen for a license is no passport's country (and back): choose again.
                onChange: (event: { target: { value: string } }) => {
                  if (idIssuerKind(event.target.value) !== issuerKind) form.setValue('idIssuer', '');
                },
              })}
            >
              <option value="">Choose...</option>
              {idTypes.map((type) => (
                <option key={type} value={type}>
                  {idTypeLabels[type]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="ID number" autoComplete="off" error={errors.idNumber?.message} {...form.register('idNumber')} />
        <Field
          id={`${fileId}-issuer`}
          label={issuerKind === 'country' ? 'Issuing country' : 'Issuing state'}
          error={errors.idIssuer?.message}
        >
          {(control) => (
            <NativeSelect {...control} {...form.register('idIssuer')}>
              <option value="">Choose...</option>
              {issuerKind === 'country'
                ? countries.map(({ code, name }) => (
                    <option key={code} value={code}>
                      {name}
                    </option>
                  ))
                : US_STATES.map(({ code, name }) => (
                    <option key={code} value={code}>
                      {name}
                    </option>
                  ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <Field
        id={fileId}
        label="Photo of your ID"
        hint="The front of the ID, all four corners visible. JPEG, PNG, WebP or HEIC, up to 10 MB."
        error={errors.idImage?.message}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept={[...acceptedImageTypes, '.heic'].join(',')}
            ref={form.register('idImage').ref}
            name="idImage"
            onChange={(e) => {
              form.setValue('idImage', e.target.files?.[0] ?? null);
              clearFieldError(form, 'idImage');
            }}
            className="block w-full cursor-pointer rounded-md border border-input bg-card text-sm file:mr-3 file:cursor-pointer file:border-0 file:bg-muted file:px-3 file:py-2.5 file:font-semibold focus-visible:outline-2 focus-visible:outline-ring"
          />
        )}
      </Field>
      <Button type="submit" variant="default" className="self-start" disabled={busy} aria-busy={busy || undefined}>
        {uploading ? 'Uploading your ID...' : submit.isPending ? 'Sending...' : 'Send for verification'}
      </Button>
    </form>
  );
}
