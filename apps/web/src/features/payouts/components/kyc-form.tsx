import { useId, useState, type FormEvent } from 'react';
import { ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { acceptedImageTypes, idTypeLabels, idTypes, kycSubmissionSchema, MAX_IMAGE_BYTES, type IdType } from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { uploadImage } from '@/lib/object-upload';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { TextField } from '@/components/ui/text-field';
import { useSubmitKyc } from '../api/kyc';

type Values = { fullName: string; dateOfBirth: string; idType: IdType | ''; idNumber: string };
type Field = keyof Values | 'idImage';

const detailsSchema = kycSubmissionSchema.omit({ idImageId: true });

/**
 * Identity check before a payout above $10,000 (DECISIONS "requiresKyc"): the details and a
 * photo of the ID, uploaded privately (purpose 'kyc') and reviewed by an appraiser.
 */
export function KycForm({ rejectionReason }: { rejectionReason?: string | null }) {
  const submit = useSubmitKyc();
  const [values, setValues] = useState<Values>({ fullName: '', dateOfBirth: '', idType: '', idNumber: '' });
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [uploading, setUploading] = useState(false);
  const fileId = useId();
  const busy = uploading || submit.isPending;

  const set = (field: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Partial<Record<Field, string>> = {};
    const parsed = detailsSchema.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Values | undefined;
        if (field && !next[field]) next[field] = issue.message;
      }
    }
    if (!file) next.idImage = 'Please add a photo of your ID.';
    else if (file.size > MAX_IMAGE_BYTES) next.idImage = 'This photo exceeds maximum allowed size of 10 MB';
    setErrors(next);
    if (!parsed.success || !file || next.idImage) return;

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
      { ...parsed.data, idImageId },
      {
        onSuccess: () => toast.success('Identity details sent', { description: 'We are reviewing your identity. We will let you know when it is done.' }),
        onError: (err) => toast.error('Could not send your details', { description: errorMessage(err) }),
      },
    );
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4" aria-labelledby={`${fileId}-heading`}>
      <div className="flex items-start gap-3">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-navy-700" />
        <div>
          <h3 id={`${fileId}-heading`} className="font-semibold">
            Verify your identity
          </h3>
          <p className="text-sm text-muted-foreground">
            For purchases above $10,000 we confirm who we are paying before the money is released. Your ID photo is stored privately and only our review team sees it.
          </p>
        </div>
      </div>
      {rejectionReason && (
        <Alert variant="warning">
          <span>Your last verification was not approved: {rejectionReason}</span>
        </Alert>
      )}
      <TextField label="Full legal name" autoComplete="name" value={values.fullName} onChange={(e) => set('fullName', e.target.value)} error={errors.fullName} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Date of birth" type="date" autoComplete="bday" value={values.dateOfBirth} onChange={(e) => set('dateOfBirth', e.target.value)} error={errors.dateOfBirth} />
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${fileId}-type`}>ID type</Label>
          <NativeSelect
            id={`${fileId}-type`}
            value={values.idType}
            onChange={(e) => set('idType', e.target.value)}
            aria-invalid={errors.idType ? true : undefined}
            aria-describedby={errors.idType ? `${fileId}-type-error` : undefined}
          >
            <option value="">Choose...</option>
            {idTypes.map((type) => (
              <option key={type} value={type}>
                {idTypeLabels[type]}
              </option>
            ))}
          </NativeSelect>
          {errors.idType && (
            <p id={`${fileId}-type-error`} className="text-sm font-medium text-destructive">
              {errors.idType}
            </p>
          )}
        </div>
      </div>
      <TextField label="ID number" autoComplete="off" value={values.idNumber} onChange={(e) => set('idNumber', e.target.value)} error={errors.idNumber} />
      <div className="flex flex-col gap-2">
        <Label htmlFor={fileId}>Photo of your ID</Label>
        <input
          id={fileId}
          type="file"
          accept={[...acceptedImageTypes, '.heic'].join(',')}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setErrors((current) => ({ ...current, idImage: undefined }));
          }}
          aria-invalid={errors.idImage ? true : undefined}
          aria-describedby={`${fileId}-hint${errors.idImage ? ` ${fileId}-error` : ''}`}
          className="block w-full cursor-pointer rounded-md border border-input bg-card text-sm file:mr-3 file:cursor-pointer file:border-0 file:bg-muted file:px-3 file:py-2.5 file:font-semibold focus-visible:outline-2 focus-visible:outline-ring"
        />
        <p id={`${fileId}-hint`} className="text-xs text-muted-foreground">
          The front of the ID, all four corners visible. JPEG, PNG, WebP or HEIC, up to 10 MB.
        </p>
        {errors.idImage && (
          <p id={`${fileId}-error`} className="text-sm font-medium text-destructive">
            {errors.idImage}
          </p>
        )}
      </div>
      <Button type="submit" variant="default" className="self-start" disabled={busy} aria-busy={busy || undefined}>
        {uploading ? 'Uploading your ID...' : submit.isPending ? 'Sending...' : 'Send for verification'}
      </Button>
    </form>
  );
}
