// ESLint exactly as eslint.config.js sets it up, for tests that lint in-memory snippets. Without
// type information by default: the typed rules need every linted file on disk (the project service
// knows only those) and a whole TypeScript program per project, while the syntax and import rules
// need neither.
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';

/** The repository root, without a trailing slash: with one as ESLint's cwd the resolver no longer maps the web's "@/" alias. */
export const repoRoot = path.resolve(import.meta.dirname, '../../../..');

const withoutTypes = [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }] as Linter.Config[];

/** `onlyRule` runs that one rule (with its configuration) and skips the rest, which cost most of a whole-tree lint. */
export function createLinter({
  typed = false,
  overrideConfig = [] as Linter.Config[],
  onlyRule = undefined as string | undefined,
} = {}) {
  return new ESLint({
    cwd: repoRoot,
    overrideConfig: [...(typed ? [] : withoutTypes), ...overrideConfig],
    ...(onlyRule ? { ruleFilter: ({ ruleId }: { ruleId: string }) => ruleId === onlyRule } : {}),
  });
}

/** Lints `code` as if it were the file at `file` (relative to the repository) and names the rules that fired; a parse error throws. */
export async function rulesFiredOn(linter: ESLint, file: string, code: string): Promise<string[]> {
  const [result] = await linter.lintText(code, { filePath: path.join(repoRoot, file) });
  if (!result) throw new Error(`ESLint returned no result for ${file}`);
  const fatal = result.messages.find((message) => message.fatal);
  if (fatal) throw new Error(`${file} did not parse: ${fatal.message}`);
  return result.messages.map((message) => message.ruleId ?? message.message);
}
