import { type ComponentProps, useId, useRef, useState } from 'react';
import { ChevronDown, ImagePlus, Loader2, Microscope } from 'lucide-react';
import { toast } from 'sonner';
import { Link } from 'wouter';
import {
  acceptedImageExtensions,
  acceptedImageTypes,
  type BenchLine,
  type InstrumentView,
  type ItemTestView,
  type TestMethod,
  testMethodLabels,
  testMethods,
} from '@assay/domain';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Field, FieldMessage } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { applyServerIssues } from '@/lib/forms/server-issues';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { uploadImage } from '@/lib/object-upload';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { useBenchTests, useRecordBenchTest } from '../api/bench-tests';
import { useInstruments } from '../api/instruments';
import { testFormDefaults, testFormSchema, type TestFormValues, usableInstruments } from '../lib/test-form';

const lineLabel = (line: BenchLine) => `Line ${line.position}: ${line.description}`;

/** One test as the list shows it: the result, then how, by whom and when, and its photo. */
function TestEntry({ test }: { test: ItemTestView }) {
  const how = test.instrument ? `${test.instrument.name} (${test.instrument.serial})` : testMethodLabels[test.method];
  return (
    <li className="flex items-start gap-3 py-2 first:pt-0 last:pb-0">
      {test.photo ? (
        <a href={test.photo.url} target="_blank" rel="noreferrer" className="shrink-0">
          <img
            src={test.photo.thumbnailUrl}
            alt={`The item on the scale, ${test.summary}`}
            className="size-12 rounded-md border border-border object-cover"
          />
        </a>
      ) : null}
      <div className="min-w-0">
        <p className="text-sm font-medium text-foreground [overflow-wrap:anywhere]">{test.summary}</p>
        <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
          {how} · {test.testedBy.name ?? 'a former appraiser'} ·{' '}
          <time dateTime={test.testedAt}>{formatDateTime(test.testedAt)}</time>
        </p>
      </div>
    </li>
  );
}

/** A photo of the item on the scale, uploaded at once as an intake photo; the test names it. */
function ScalePhoto({ photo, onChange, required }: { photo: Photo; onChange: (photo: Photo) => void; required: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    onChange({ state: 'uploading', name: file.name });
    uploadImage(file, 'intake').then(
      (done) => onChange({ state: 'done', name: file.name, imageId: done.imageId, thumbnailUrl: done.thumbnailUrl }),
      (err: unknown) =>
        onChange({ state: 'failed', name: file.name, error: errorMessage(err, 'This photo could not be uploaded.') }),
    );
    if (input.current) input.current.value = '';
  };
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-medium">
        Photo of the item on the scale {required ? '(needed for a weighing)' : '(optional)'}
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={[...acceptedImageTypes, ...acceptedImageExtensions].join(',')}
        className="sr-only"
        onChange={(event) => choose(event.target.files)}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()}>
          <ImagePlus aria-hidden="true" />
          {photo.state === 'none' ? 'Add photo' : 'Replace photo'}
        </Button>
        {photo.state === 'uploading' && (
          <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <Loader2 aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
            Uploading {photo.name}…
          </span>
        )}
        {photo.state === 'done' && (
          <img src={photo.thumbnailUrl} alt={`Photo to attach: ${photo.name}`} className="size-10 rounded border object-cover" />
        )}
        {photo.state === 'failed' && <span className="text-xs text-destructive">{photo.error}</span>}
      </div>
    </div>
  );
}

type Photo =
  | { state: 'none' }
  | { state: 'uploading'; name: string }
  | { state: 'done'; name: string; imageId: string; thumbnailUrl: string }
  | { state: 'failed'; name: string; error: string };

/** The fields a method's reading needs. */
function ReadingFields({ form, method }: { form: ReturnType<typeof useTestForm>; method: string }) {
  const { errors } = form.formState;
  const text = (name: keyof TestFormValues, label: string, hint?: string, props: Partial<ComponentProps<'input'>> = {}) => (
    <Field key={name} label={label} hint={hint} error={errors[name]?.message}>
      {(control) => <Input {...control} autoComplete="off" {...props} {...form.register(name)} />}
    </Field>
  );
  switch (method) {
    case 'scale':
      return text('grams', 'Weight (grams)', undefined, { inputMode: 'decimal' });
    case 'xrf':
      return text('xrf', 'Elements (%)', 'Symbol and percent, separated by commas: Au 58.4, Ag 25.1, Cu 16.5');
    case 'acid':
      return text('karat', 'Karat result', undefined, { inputMode: 'numeric' });
    case 'electronic-tester':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          {text('karat', 'Karat', 'Or a purity, not both', { inputMode: 'numeric' })}
          {text('purityPercent', 'Purity (%)', undefined, { inputMode: 'decimal' })}
        </div>
      );
    case 'fire-assay':
      return text('fineness', 'Fineness (parts per thousand)', undefined, { inputMode: 'decimal' });
    case 'loupe':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          {text('hallmark', 'Hallmark seen')}
          {text('note', 'Note')}
        </div>
      );
    case 'lab-report':
      return (
        <div className="grid gap-3 sm:grid-cols-3">
          {text('lab', 'Lab')}
          {text('reportNumber', 'Report number')}
          {text('finding', 'Finding')}
        </div>
      );
    default:
      return null;
  }
}

function useTestForm(lines: readonly BenchLine[]) {
  return useZodForm(testFormSchema, { defaultValues: { ...testFormDefaults, lineId: lines[0]?.id ?? '' } });
}

/** Record a test: the line, the method, a usable instrument of that kind (or a lab), the reading, a photo. */
function RecordTestForm({
  submissionId,
  lines,
  instruments,
}: {
  submissionId: string;
  lines: readonly BenchLine[];
  instruments: readonly InstrumentView[];
}) {
  const form = useTestForm(lines);
  const record = useRecordBenchTest(submissionId);
  const [photo, setPhoto] = useState<Photo>({ state: 'none' });
  const method = form.watch('method');
  const usable = usableInstruments(instruments, method as TestMethod);
  const { errors } = form.formState;
  const formError = errors.root?.server?.message;

  const onSubmit = form.handleSubmit((body) => {
    if (photo.state === 'uploading') {
      form.setError('root.server', { message: 'Please wait for the photo to finish uploading.' });
      return;
    }
    if (body.reading.method === 'scale' && photo.state !== 'done') {
      form.setError('root.server', { message: 'A weighing needs a photo of the item on the scale.' });
      return;
    }
    record.mutate(
      { ...body, photoImageId: photo.state === 'done' ? photo.imageId : undefined },
      {
        onSuccess: (test) => {
          toast.success('Test recorded', { description: test.summary });
          form.reset({ ...testFormDefaults, lineId: body.lineId, method: form.getValues('method') });
          setPhoto({ state: 'none' });
        },
        onError: (err) => {
          if (!applyServerIssues(form, err)) form.setError('root.server', { message: errorMessage(err, 'Please try again.') });
        },
      },
    );
  });

  return (
    <form
      noValidate
      aria-label="Record a test"
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-3 border-t border-border pt-3"
    >
      <h5 className="text-sm font-semibold text-navy-900">Record a test</h5>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Line" error={errors.lineId?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('lineId')}>
              {lines.map((line) => (
                <option key={line.id} value={line.id}>
                  {lineLabel(line)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Method" error={errors.method?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('method', { onChange: () => form.setValue('instrumentId', '') })}>
              {testMethods.map((m) => (
                <option key={m} value={m}>
                  {testMethodLabels[m]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        {method !== 'lab-report' && (
          <Field
            label="Instrument"
            error={errors.instrumentId?.message}
            hint={usable.length === 0 ? 'No usable instrument of this kind: add or calibrate one on the Bench page.' : undefined}
          >
            {(control) => (
              <NativeSelect {...control} {...form.register('instrumentId')}>
                <option value="">Choose…</option>
                {usable.map((i) => (
                  <option key={i.id} value={i.id}>
                    {`${i.name} (${i.serial})`}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        )}
      </div>
      <ReadingFields form={form} method={method} />
      <ScalePhoto photo={photo} onChange={setPhoto} required={method === 'scale'} />
      {formError && <FieldMessage>{formError}</FieldMessage>}
      <Button type="submit" className="self-start" disabled={record.isPending}>
        {record.isPending ? 'Recording…' : 'Record test'}
      </Button>
    </form>
  );
}

/**
 * The bench (issue 28 item 1) on a submission's card: each line of the current offer with its
 * tests, and the form that records one. Closed at first, so the mailbox does not read every card's
 * tests; opening it reads them and the register of instruments.
 */
export function BenchPanel({ submissionId }: { submissionId: string }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const tests = useBenchTests(submissionId, open);
  const instruments = useInstruments(open);

  let body = null;
  if (open) {
    if (tests.isPending || instruments.isPending) body = <Spinner label="Loading the bench…" className="py-4" />;
    else if (tests.isError || instruments.isError)
      body = (
        <LoadError
          message={`Could not load the bench. ${errorMessage(tests.error ?? instruments.error, '')}`}
          onRetry={() => void Promise.all([tests.refetch(), instruments.refetch()])}
        />
      );
    else if (tests.data.lines.length === 0)
      body = <p className="text-sm text-muted-foreground">Make the offer first: tests are recorded on its lines.</p>;
    else {
      const { lines } = tests.data;
      body = (
        <div className="flex flex-col gap-4">
          <ul className="flex flex-col gap-3" aria-label="Tests per line">
            {lines.map((line) => {
              const ofLine = tests.data.tests.filter((t) => t.lineId === line.id);
              return (
                <li key={line.id} className="rounded-md border border-border p-3">
                  <p className="text-sm font-semibold text-navy-900 [overflow-wrap:anywhere]">{lineLabel(line)}</p>
                  {ofLine.length === 0 ? (
                    <p className="text-xs text-muted-foreground">Not tested yet.</p>
                  ) : (
                    <ul className="mt-2 flex flex-col divide-y divide-border" aria-label={`Tests of line ${line.position}`}>
                      {ofLine.map((test) => (
                        <TestEntry key={test.id} test={test} />
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
          <RecordTestForm
            key={tests.data.offerVersion}
            submissionId={submissionId}
            lines={lines}
            instruments={instruments.data}
          />
          <Link href={paths.adminBench} className="self-start text-xs text-navy-700 underline underline-offset-2">
            Instruments and calibration
          </Link>
        </div>
      );
    }
  }

  return (
    <section aria-label="Bench" className="flex flex-col gap-3 border-t border-border pt-3">
      <Button
        type="button"
        size="sm"
        variant="ghost"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((shown) => !shown)}
        className="self-start"
      >
        <Microscope aria-hidden="true" />
        Bench tests
        <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
      </Button>
      <div id={regionId} hidden={!open}>
        {body}
      </div>
    </section>
  );
}
