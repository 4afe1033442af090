import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';

/** What a field hands its control so that assistive technology reads label, hint and error together. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FieldProps = {
  label: ReactNode;
  /** e.g. 'sr-only' when the layout shows the label's meaning some other way. */
  labelClassName?: string;
  /** Always-visible help text, read after the label by screen readers. */
  hint?: ReactNode;
  /** The field's message (react-hook-form's `errors.x?.message`); marks the control invalid. */
  error?: string;
  errorClassName?: string;
  /** Extra content next to the label (e.g. a 'Forgot password?' link). */
  labelAside?: ReactNode;
  /** Described-by ids of the caller's own (a live estimate the field feeds, say), read after hint and error. */
  describedBy?: string;
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * Label + any control + hint + error message, wired with ids: the one field layout every form
 * uses, whatever the control (input, textarea, select, a money input with its '$').
 */
export function Field({
  label,
  labelClassName,
  hint,
  error,
  errorClassName,
  labelAside,
  describedBy,
  id,
  className,
  children,
}: FieldProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const described = [hintId, errorId, describedBy].filter(Boolean).join(' ') || undefined;
  const labelElement = (
    <Label htmlFor={controlId} className={labelClassName}>
      {label}
    </Label>
  );

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      {labelAside ? (
        <div className="flex items-baseline justify-between gap-2">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldMessage id={errorId} className={errorClassName}>
        {error}
      </FieldMessage>
    </div>
  );
}

/** A field's error in words, in the look every form shares; nothing when there is none. */
export function FieldMessage({ className, children, ...props }: Omit<ComponentProps<'p'>, 'children'> & { children?: string }) {
  if (!children) return null;
  return (
    <p className={cn('text-sm font-medium text-destructive', className)} {...props}>
      {children}
    </p>
  );
}
