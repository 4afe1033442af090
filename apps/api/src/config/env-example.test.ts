// .env.example is what an operator copies settings from: it names every setting Assay reads, and a
// POSIX shell loads it as written (set -a; . ./.env.example), its commented examples too once
// uncommented, into an environment Assay starts with.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './env.ts';
import { loadConfig, settingNames } from './index.ts';

const examplePath = path.join(repoRoot, '.env.example');
const example = readFileSync(examplePath, 'utf8');
// Read for the default secrets folder's place, as every program reads them: not Assay's settings.
const systemVariables = new Set(['HOME', 'XDG_CONFIG_HOME']);

/** The variables a shell holds after sourcing `text` with every variable exported. */
function sourced(text: string): Record<string, string> {
  const out = execFileSync('sh', ['-c', 'set -a; eval "$ASSAY_EXAMPLE"; set +a; env -0'], {
    env: { PATH: process.env.PATH, ASSAY_EXAMPLE: text },
    encoding: 'utf8',
  });
  return Object.fromEntries(
    out
      .split('\0')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

describe('.env.example', () => {
  it('names every setting Assay reads, set or as a commented example', () => {
    const missing = settingNames.filter((name) => !systemVariables.has(name) && !new RegExp(`^(# )?${name}=`, 'm').test(example));
    expect(missing).toEqual([]);
  });

  it('loads in a POSIX shell as written, and Assay starts on what it set', () => {
    const env = sourced(example);
    expect(env.MAIL_FROM).toBe('Assay <no-reply@assay.example>');
    expect(env.RECEIVING_ADDRESS).toBe('Assay Receiving, 100 Assay Way, Suite 200, Wilmington, DE 19801');
    const settings = Object.fromEntries(Object.entries(env).filter(([name]) => settingNames.includes(name)));
    expect(() => loadConfig(settings)).not.toThrow();
  });

  it('loads with its commented examples uncommented, each value whole', () => {
    const uncommented = example.replace(/^# ([A-Z][A-Z0-9_]*=)/gm, '$1');
    const env = sourced(uncommented);
    expect(env.APPRAISERS).toBe('Dana Reyes, GIA Graduate Gemologist; Lee Park, ASA Accredited Senior Appraiser');
    expect(env.ACH_ORIGIN_NAME).toBe('ASSAY BUYERS LLC');
    expect(env.BUSINESS_LICENCES).toBe('Delaware Division of Revenue: 2019-0001; NYC DCWP: 2091234');
  });
});
