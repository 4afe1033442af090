import { act, renderHook } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { applyServerIssues } from './server-issues';
import { useZodForm } from './use-zod-form';

const schema = z.object({ accountNumber: z.string(), email: z.string(), message: z.string() });
const refusal = (issues: unknown, status = 400) =>
  new ApiError(
    status,
    'Bad Request',
    JSON.stringify({ statusCode: status, error: 'BAD_REQUEST', message: 'Invalid body', issues }),
  );

function renderForm() {
  return renderHook(() => {
    const form = useZodForm(schema, { defaultValues: { accountNumber: '', email: '', message: '' } });
    // formState only re-renders for what a render read, as a component showing the errors does.
    void form.formState.errors;
    return form;
  }).result;
}

describe('applyServerIssues', () => {
  test('puts each issue on the field its path or its tail names, the first message per field', () => {
    const form = renderForm();
    act(() => {
      applyServerIssues(
        form.current,
        refusal([
          { path: 'payoutDetails.accountNumber', message: 'The account number must be 4 to 17 digits.' },
          { path: 'email', message: 'Please enter a valid PayPal email address.' },
          { path: 'email', message: 'That email address is too long.' },
        ]),
      );
    });
    expect(form.current.formState.errors.accountNumber?.message).toBe('The account number must be 4 to 17 digits.');
    expect(form.current.formState.errors.email?.message).toBe('Please enter a valid PayPal email address.');
    expect(form.current.formState.errors.root).toBeUndefined();
  });

  test('a path the form does not hold goes to the form-level error, unless the caller names its field', () => {
    const form = renderForm();
    act(() => {
      applyServerIssues(
        form.current,
        refusal([
          { path: 'reason', message: 'The reason can be at most 1000 characters.' },
          { path: '', message: 'Nothing to update.' },
        ]),
        {
          reason: 'message',
        },
      );
    });
    expect(form.current.formState.errors.message?.message).toBe('The reason can be at most 1000 characters.');
    expect(form.current.formState.errors.root?.server?.message).toBe('Nothing to update.');
  });

  test('answers without issues change nothing and say so', () => {
    const form = renderForm();
    let applied = true;
    act(() => {
      applied = applyServerIssues(
        form.current,
        new ApiError(409, 'Conflict', JSON.stringify({ statusCode: 409, error: 'CONFLICT', message: 'Changed meanwhile.' })),
      );
    });
    expect(applied).toBe(false);
    act(() => {
      applied = applyServerIssues(form.current, new TypeError('Failed to fetch'));
    });
    expect(applied).toBe(false);
    expect(form.current.formState.errors).toEqual({});
  });
});
