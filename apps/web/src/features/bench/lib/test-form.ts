// The bench's "Record a test" form: flat text fields as the appraiser types them, read into the
// domain's test body (itemTestInputSchema), so the browser says what the server would say.
import { z } from 'zod';
import { type InstrumentKind, instrumentKinds, itemTestInputSchema, type InstrumentView, type TestMethod } from '@assay/domain';

export const XRF_FORMAT_MESSAGE = 'Write each element as its symbol and percent, separated by commas: Au 58.4, Ag 25.1, Cu 16.5.';

/** "Au 58.4, Ag 25.1 %, Cu: 16.5" -> the elements, or null when a part does not read as one. */
export function parseXrfElements(text: string): { element: string; percent: number }[] | null {
  const parts = text
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  const elements = [];
  for (const part of parts) {
    const match = /^([A-Z][a-z]?)\s*[:=]?\s*(\d{1,3}(?:\.\d+)?)\s*%?$/.exec(part);
    if (!match) return null;
    elements.push({ element: match[1]!, percent: Number(match[2]) });
  }
  return elements;
}

export const testFormDefaults = {
  lineId: '',
  method: 'xrf' as TestMethod,
  instrumentId: '',
  grams: '',
  xrf: '',
  karat: '',
  purityPercent: '',
  fineness: '',
  hallmark: '',
  note: '',
  lab: '',
  reportNumber: '',
  finding: '',
};
export type TestFormValues = typeof testFormDefaults;

const number = (text: string) => (text.trim() === '' ? undefined : Number(text.replace(',', '.').trim()));
const optionalText = (text: string) => (text.trim() === '' ? undefined : text.trim());

/** The reading the method's fields make (the schema then says what is wrong with it). */
function readingOf(values: TestFormValues): unknown {
  switch (values.method) {
    case 'scale':
      return { method: 'scale', grams: number(values.grams) };
    case 'xrf':
      return { method: 'xrf', elements: parseXrfElements(values.xrf) ?? [] };
    case 'acid':
      return { method: 'acid', karat: number(values.karat) };
    case 'electronic-tester':
      return { method: 'electronic-tester', karat: number(values.karat), purityPercent: number(values.purityPercent) };
    case 'fire-assay':
      return { method: 'fire-assay', fineness: number(values.fineness) };
    case 'loupe':
      return { method: 'loupe', hallmark: optionalText(values.hallmark), note: optionalText(values.note) };
    case 'lab-report':
      return { method: 'lab-report', lab: values.lab, reportNumber: values.reportNumber, finding: values.finding };
  }
}

/** The form's values as the route's body; the reading's messages land on the method's first field. */
export const testFormSchema = z
  .object({
    lineId: z.string().min(1, 'Please choose the line you tested.'),
    method: z.string(),
    instrumentId: z.string(),
    grams: z.string(),
    xrf: z.string(),
    karat: z.string(),
    purityPercent: z.string(),
    fineness: z.string(),
    hallmark: z.string(),
    note: z.string(),
    lab: z.string(),
    reportNumber: z.string(),
    finding: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.method !== 'lab-report' && values.instrumentId === '') {
      ctx.addIssue({ code: 'custom', message: 'Please choose the instrument the test was taken with.', path: ['instrumentId'] });
    }
    if (values.method === 'xrf' && values.xrf.trim() !== '' && parseXrfElements(values.xrf) === null) {
      ctx.addIssue({ code: 'custom', message: XRF_FORMAT_MESSAGE, path: ['xrf'] });
    }
  })
  .transform((values, ctx) => {
    const form = values as TestFormValues;
    const body = {
      lineId: form.lineId,
      instrumentId: form.method === 'lab-report' ? undefined : form.instrumentId || undefined,
      reading: readingOf(form),
    };
    const parsed = itemTestInputSchema.safeParse(body);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: [fieldOfIssue(form.method, issue.path)] });
    }
    return z.NEVER;
  });

/** Where a message of the body belongs on the form. */
function fieldOfIssue(method: TestMethod, path: PropertyKey[]): keyof TestFormValues {
  const [head, field] = path;
  if (head === 'lineId') return 'lineId';
  if (head === 'instrumentId') return 'instrumentId';
  if (head !== 'reading') return 'lineId';
  if (method === 'xrf') return 'xrf';
  if (typeof field === 'string' && field in testFormDefaults) return field as keyof TestFormValues;
  return (
    {
      scale: 'grams',
      acid: 'karat',
      'electronic-tester': 'karat',
      'fire-assay': 'fineness',
      loupe: 'hallmark',
      'lab-report': 'lab',
      xrf: 'xrf',
    } as const
  )[method];
}

/** The instruments a test by this method may use today: of its kind, calibrated, not retired. */
export function usableInstruments(instruments: readonly InstrumentView[], method: TestMethod): InstrumentView[] {
  return instruments.filter((i) => i.kind === method && i.problem === null);
}

export const isInstrumentKind = (method: string): method is InstrumentKind =>
  (instrumentKinds as readonly string[]).includes(method);
