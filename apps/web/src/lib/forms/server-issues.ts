import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { FORM_ERROR } from './use-zod-form';

type Issue = { path: string; message: string };

/** The `issues` of a 400 from the server's validation (apps/api error handler), or []. */
export function serverIssues(err: unknown): Issue[] {
  if (!(err instanceof ApiError)) return [];
  const json = err.json;
  if (!json || typeof json !== 'object' || !('issues' in json) || !Array.isArray(json.issues)) return [];
  return json.issues.flatMap((issue: unknown) => {
    if (!issue || typeof issue !== 'object' || !('message' in issue) || typeof issue.message !== 'string') return [];
    const path = 'path' in issue && typeof issue.path === 'string' ? issue.path : '';
    return issue.message.trim() ? [{ path, message: issue.message }] : [];
  });
}

function hasValueAt(values: unknown, path: string): boolean {
  let here: unknown = values;
  for (const key of path.split('.')) {
    if (!here || typeof here !== 'object' || !(key in here)) return false;
    here = (here as Record<string, unknown>)[key];
  }
  return true;
}

/**
 * The form field a server path names: `fields[path]` when given, else the path itself or its
 * shortest tail that is one of the form's values ('payoutDetails.routingNumber' -> 'routingNumber',
 * as forms hold a body's nested details flat).
 */
function fieldFor<T extends FieldValues>(path: string, values: T, fields: Partial<Record<string, Path<T>>>): Path<T> | undefined {
  const named = fields[path];
  if (named) return named;
  if (!path) return undefined;
  const segments = path.split('.');
  for (let start = 0; start < segments.length; start++) {
    const candidate = segments.slice(start).join('.');
    if (hasValueAt(values, candidate)) return candidate as Path<T>;
  }
  return undefined;
}

/**
 * Puts a server 400's `issues` on the form: each message on the field its path names (first
 * message per field), the rest together as the form-level error (FORM_ERROR). Returns whether the
 * answer had issues at all; for any other error it changes nothing.
 */
export function applyServerIssues<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, never>, 'getValues' | 'setError'>,
  err: unknown,
  fields: Partial<Record<string, Path<T>>> = {},
): boolean {
  const issues = serverIssues(err);
  if (issues.length === 0) return false;
  const values = form.getValues();
  const placed = new Set<string>();
  const unplaced: string[] = [];
  for (const issue of issues) {
    const field = fieldFor(issue.path, values, fields);
    if (!field) {
      if (!unplaced.includes(issue.message)) unplaced.push(issue.message);
    } else if (!placed.has(field)) {
      form.setError(field, { type: 'server', message: issue.message }, { shouldFocus: placed.size === 0 });
      placed.add(field);
    }
  }
  if (unplaced.length > 0) form.setError(FORM_ERROR as Path<T>, { type: 'server', message: unplaced.join(' ') });
  return true;
}
