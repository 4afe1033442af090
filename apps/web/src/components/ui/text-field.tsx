import type { ComponentProps, ReactNode } from 'react';
import { Field } from './field';
import { Input } from './input';

type TextFieldProps = ComponentProps<'input'> & {
  label: string;
  /** Always-visible help text, read after the label by screen readers. */
  hint?: ReactNode;
  /** Inline validation message; marks the input invalid. */
  error?: string;
  /** Extra content next to the label (e.g. a 'Forgot password?' link). */
  labelAside?: ReactNode;
};

/** A Field whose control is a text input: label + input + hint + error. */
export function TextField({ label, hint, error, labelAside, id, className, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} labelAside={labelAside} id={id} className={className}>
      {(control) => <Input {...control} {...inputProps} />}
    </Field>
  );
}
