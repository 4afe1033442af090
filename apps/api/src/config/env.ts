// What every concern's settings are read with: the raw environment, blank taken as unset, and
// the few shapes of value most settings share.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export type RawEnv = Record<string, string | undefined>;

/** One concern's variables as its schema reads them. */
export type EnvOf<Shape extends z.ZodRawShape> = z.output<z.ZodObject<Shape>>;

/** A raw variable, trimmed, or undefined when unset or blank: what the rules across variables read. */
export type RawReader = (key: string) => string | undefined;

/** The workspace root, found by walking up, so the same code works from src/ and from the dist bundle. */
function findRepoRoot(start: string): string {
  let dir = start;
  while (path.dirname(dir) !== dir) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in (JSON.parse(readFileSync(manifest, 'utf8')) as object)) return dir;
    dir = path.dirname(dir);
  }
  return process.cwd();
}

export const repoRoot = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

export const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
export const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
export const optionalUrl = (what: string) =>
  z.preprocess(emptyToUndefined, z.url({ message: `${what} must be a URL` }).optional());
export const booleanFlag = z
  .preprocess(emptyToUndefined, z.enum(['true', 'false', '1', '0']).optional())
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));

export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}
