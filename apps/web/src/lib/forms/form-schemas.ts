import { z } from 'zod';

/**
 * A form field as the input holds it (text), checked and converted by a domain schema that also
 * takes numbers or null from JSON clients. `prepare` turns what people type into what the schema
 * reads (plainDollarAmount for money). The schema's own messages are the field's messages.
 */
export function textInput<S extends z.ZodType>(schema: S, prepare: (text: string) => string = (text) => text) {
  return z.string().transform((text, ctx): z.output<S> => {
    const parsed = schema.safeParse(prepare(text));
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  });
}

/**
 * Re-reports a domain schema's issues on the form's own fields: `fieldOf` names the form field an
 * issue's path is about (forms hold a body's nested details flat).
 */
export function copyIssues(ctx: z.RefinementCtx, error: z.ZodError, fieldOf: (path: PropertyKey[]) => string) {
  for (const issue of error.issues) ctx.addIssue({ code: 'custom', path: [fieldOf(issue.path)], message: issue.message });
}
