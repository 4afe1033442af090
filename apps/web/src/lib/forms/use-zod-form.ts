import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormRegister,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';

/** The form-level message: issues the server sent without a field, and sentences of a form's own. */
export const FORM_ERROR = 'root.server' as const;

export type ZodForm<S extends z.ZodType<unknown, FieldValues>> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/**
 * The one way a form is built: react-hook-form checked by a zod schema (the domain's contract, or
 * a form-shaped one composed from it), so the browser says what the server would say.
 *
 * A message stays until its field is changed or the form is sent again: typing clears it rather
 * than re-checking every keystroke, so half-typed input is never scolded. `register` does that
 * clearing; fields set with `setValue` clear their own message with `clearErrors`.
 */
export function useZodForm<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): ZodForm<S> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    reValidateMode: 'onSubmit',
    shouldFocusError: true,
    ...options,
    resolver: zodResolver(schema),
  });
  const register: UseFormRegister<z.input<S>> = (name, registerOptions) =>
    form.register(name, {
      ...registerOptions,
      onChange: (event: unknown) => {
        clearFieldError(form, name);
        return registerOptions?.onChange?.(event);
      },
    });
  return { ...form, register };
}

/** Drops a field's message and the form-level one, leaving the other fields' messages alone. */
export function clearFieldError<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'clearErrors' | 'getFieldState'>,
  name: Path<T>,
) {
  if (form.getFieldState(name).error) form.clearErrors(name);
  form.clearErrors(FORM_ERROR);
}
