import { useId, useState } from 'react';
import { toast } from 'sonner';
import {
  calibrationInputSchema,
  instrumentInputSchema,
  instrumentKindLabels,
  instrumentKinds,
  type InstrumentView,
} from '@assay/domain';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldMessage } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/forms/server-issues';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { useAddInstrument, useCalibrateInstrument, useInstruments, useRetireInstrument } from '../api/instruments';

const today = () => new Date().toISOString().slice(0, 10);
const capitalised = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

function AddInstrumentForm() {
  const add = useAddInstrument();
  const form = useZodForm(instrumentInputSchema, {
    defaultValues: { name: '', kind: 'xrf', serial: '', lastCalibratedOn: today(), nextCalibrationDue: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((body) =>
    add.mutate(body, {
      onSuccess: (saved) => {
        toast.success('Instrument added', { description: `${saved.name}, due for calibration on ${saved.nextCalibrationDue}.` });
        form.reset();
      },
      onError: (err) => {
        if (!applyServerIssues(form, err)) form.setError('root.server', { message: errorMessage(err, 'Please try again.') });
      },
    }),
  );
  return (
    <form noValidate aria-label="Add an instrument" onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <Field label="Name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
        </Field>
        <Field label="Kind" error={errors.kind?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('kind')}>
              {instrumentKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {capitalised(instrumentKindLabels[kind])}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Serial number" error={errors.serial?.message}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('serial')} />}
        </Field>
        <Field label="Last calibrated" error={errors.lastCalibratedOn?.message}>
          {(control) => <Input {...control} type="date" {...form.register('lastCalibratedOn')} />}
        </Field>
        <Field label="Next calibration due" error={errors.nextCalibrationDue?.message}>
          {(control) => <Input {...control} type="date" {...form.register('nextCalibrationDue')} />}
        </Field>
      </div>
      {errors.root?.server?.message && <FieldMessage>{errors.root.server.message}</FieldMessage>}
      <Button type="submit" className="self-start" disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add instrument'}
      </Button>
    </form>
  );
}

function CalibrateForm({ instrument, onDone }: { instrument: InstrumentView; onDone: () => void }) {
  const calibrate = useCalibrateInstrument();
  const form = useZodForm(calibrationInputSchema, { defaultValues: { calibratedOn: today(), nextCalibrationDue: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((body) =>
    calibrate.mutate(
      { id: instrument.id, ...body },
      {
        onSuccess: (saved) => {
          toast.success(`${saved.name} calibrated`, { description: `Next calibration due ${saved.nextCalibrationDue}.` });
          onDone();
        },
        onError: (err) => {
          if (!applyServerIssues(form, err)) form.setError('root.server', { message: errorMessage(err, 'Please try again.') });
        },
      },
    ),
  );
  return (
    <form
      noValidate
      aria-label={`Calibrate ${instrument.name}`}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-3 rounded-md bg-muted/60 p-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Calibrated on" error={errors.calibratedOn?.message}>
          {(control) => <Input {...control} type="date" {...form.register('calibratedOn')} />}
        </Field>
        <Field label="Next calibration due" error={errors.nextCalibrationDue?.message}>
          {(control) => <Input {...control} type="date" {...form.register('nextCalibrationDue')} />}
        </Field>
      </div>
      {errors.root?.server?.message && <FieldMessage>{errors.root.server.message}</FieldMessage>}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={calibrate.isPending}>
          Save calibration
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function InstrumentRow({ instrument }: { instrument: InstrumentView }) {
  const [calibrating, setCalibrating] = useState(false);
  const retire = useRetireInstrument();
  const retired = instrument.retiredAt !== null;
  return (
    <li className="flex flex-col gap-3 border-t border-border py-3 first:border-t-0">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-navy-900">
            <span className="[overflow-wrap:anywhere]">{instrument.name}</span>
            <Badge tone={retired ? 'neutral' : instrument.problem ? 'danger' : 'success'}>
              {retired ? 'Retired' : instrument.problem ? 'Calibration due' : 'Usable'}
            </Badge>
          </p>
          <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
            {capitalised(instrumentKindLabels[instrument.kind])} · serial {instrument.serial} · last calibrated{' '}
            {instrument.lastCalibratedOn ?? 'unknown'} · next due {instrument.nextCalibrationDue}
          </p>
          {instrument.problem && !retired && <p className="mt-1 text-xs text-destructive">{instrument.problem}</p>}
        </div>
        {!retired && (
          <div className="flex shrink-0 gap-2">
            <Button size="sm" variant="outline" onClick={() => setCalibrating((shown) => !shown)} aria-expanded={calibrating}>
              Calibrate
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={retire.isPending}
              onClick={() =>
                retire.mutate(instrument.id, {
                  onSuccess: () => toast.success(`${instrument.name} retired`),
                  onError: (err) => toast.error('Could not retire it', { description: errorMessage(err, 'Please try again.') }),
                })
              }
            >
              Retire
            </Button>
          </div>
        )}
      </div>
      {calibrating && <CalibrateForm instrument={instrument} onDone={() => setCalibrating(false)} />}
    </li>
  );
}

/**
 * The register of instruments (issue 28 item 1): every scale, XRF, tester and loupe with its last
 * and next calibration; one past its due day, or retired, cannot be picked for a test.
 */
export function InstrumentsPanel() {
  const instruments = useInstruments();
  const titleId = useId();
  let list;
  if (instruments.isPending) list = <Spinner label="Loading the instruments…" className="py-6" />;
  else if (instruments.isError)
    list = (
      <LoadError
        message={`Could not load the instruments. ${errorMessage(instruments.error, '')}`}
        onRetry={() => void instruments.refetch()}
      />
    );
  else if (instruments.data.length === 0)
    list = <p className="text-sm text-muted-foreground">No instruments yet: add the first below.</p>;
  else
    list = (
      <ul aria-label="Instruments" className="flex flex-col">
        {instruments.data.map((instrument) => (
          <InstrumentRow
            key={`${instrument.id} ${instrument.nextCalibrationDue} ${instrument.retiredAt ?? ''}`}
            instrument={instrument}
          />
        ))}
      </ul>
    );
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Instruments</CardTitle>
        <CardDescription>Calibration dates decide which instruments the bench may use today.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {list}
        <div className="border-t border-border pt-4">
          <h3 className="mb-3 text-sm font-semibold text-navy-900">Add an instrument</h3>
          <AddInstrumentForm />
        </div>
      </CardContent>
    </Card>
  );
}
