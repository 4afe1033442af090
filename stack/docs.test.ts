// The docs as issue 26 item 7 left them: a map under its weight whose links lead somewhere, and
// decision records with a lifecycle and an index that agrees with them. The rules are in docs-checks.ts; each is shown to fire on a bad text first.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type DecisionRecord,
  indexProblems,
  isDecisionRecordFile,
  lifecycleProblems,
  MAP_MAX_BYTES,
  mapProblems,
  readDecisionRecord,
  relativeLinkTargets,
  testLayoutProblems,
} from './docs-checks.ts';

const root = path.resolve(import.meta.dirname, '..');
const decisionsDir = path.join(root, 'docs/decisions');
const read = (file: string) => readFileSync(file, 'utf8');

function readRecords(): { records: DecisionRecord[]; problems: string[] } {
  const records: DecisionRecord[] = [];
  const problems: string[] = [];
  for (const fileName of readdirSync(decisionsDir).filter(isDecisionRecordFile).sort()) {
    const read_ = readDecisionRecord(fileName, read(path.join(decisionsDir, fileName)));
    if ('problems' in read_) problems.push(...read_.problems);
    else records.push(read_);
  }
  return { records, problems };
}

const record = (fileName: string, text: string): DecisionRecord => {
  const result = readDecisionRecord(fileName, text);
  if ('problems' in result) throw new Error(result.problems.join('\n'));
  return result;
};

describe('a decision record', () => {
  it('is read from its title, Date and Status lines and its Amends line', () => {
    const text = '# 031 Later\n\nDate: 2026-12-01\n\nStatus: accepted\n\nAmends 017 (x) and 029.\n\n**Context.** Amends 001.\n';
    expect(record('031-later.md', text)).toEqual({
      fileName: '031-later.md',
      number: 31,
      date: '2026-12-01',
      statusText: 'accepted',
      status: { kind: 'accepted' },
      changes: [17, 29],
    });
    const amended = record('017-gate.md', '# 017 Gate\n\nDate: 2026-11-23\n\nStatus: amended by 029, 031 (why)\n');
    expect(amended.status).toEqual({ kind: 'amended', by: [29, 31] });
    expect(amended.statusText).toBe('amended by 029, 031');
  });

  it('without a date, a real date, a known status or a numbered title is refused', () => {
    const problems = (fileName: string, text: string) => {
      const result = readDecisionRecord(fileName, text);
      return 'problems' in result ? result.problems : [];
    };
    expect(problems('001-a.md', '# 001 A\n\nStatus: accepted\n')).toEqual([
      '001-a.md: no "Date: YYYY-MM-DD" line under the title',
    ]);
    expect(problems('001-a.md', '# 001 A\n\nDate: 2026-02-30\n\nStatus: accepted\n')).toEqual([
      '001-a.md: "2026-02-30" is not a date',
    ]);
    expect(problems('001-a.md', '# 001 A\n\nDate: 2026-11-22\n\nStatus: replaced\n')).toHaveLength(1);
    expect(problems('001-a.md', '# A\n\nDate: 2026-11-22\n\nStatus: accepted\n')).toEqual([
      '001-a.md: the first line is "# 001 <title>"',
    ]);
  });

  it('names a later record that names it back, and the index agrees with it', () => {
    const earlier = record('005-labels.md', '# 005 L\n\nDate: 2026-11-22\n\nStatus: amended by 029\n');
    const silent = record('029-returning.md', '# 029 R\n\nDate: 2026-11-28\n\nStatus: accepted\n');
    expect(lifecycleProblems([earlier, silent])).toEqual([
      '029-returning.md: says nothing of 005-labels.md, whose status names it (add "Amends ...")',
    ]);
    const oneSided = record('029-returning.md', '# 029 R\n\nDate: 2026-11-28\n\nStatus: accepted\n\nAmends 017.\n');
    const gate = record('017-gate.md', '# 017 G\n\nDate: 2026-11-23\n\nStatus: accepted\n');
    expect(lifecycleProblems([gate, oneSided])).toEqual([
      '017-gate.md: its status does not name 029-returning.md, which changes it',
    ]);
    const backwards = record('029-r.md', '# 029 R\n\nDate: 2026-11-28\n\nStatus: superseded by 005, 031\n');
    expect(lifecycleProblems([earlier, backwards])).toEqual([
      '029-r.md: says nothing of 005-labels.md, whose status names it (add "Amends ...")',
      '029-r.md: only a later record can change it, not 005',
      '029-r.md: its status names 031, which is not a record',
    ]);

    const index =
      '| [005](005-labels.md) | L | 2026-11-21 | accepted | x |\n| [009](009-gone.md) | G | 2026-11-22 | accepted | x |\n';
    expect(indexProblems(index, [earlier, oneSided])).toEqual([
      'the index gives 005-labels.md the date 2026-11-21, not 2026-11-22',
      'the index gives 005-labels.md the status "accepted", not "amended by 029"',
      'the index lists "[009](009-gone.md)", which is not a record',
      'the index does not list 029-returning.md',
    ]);
  });
});

describe('docs/decisions', () => {
  const { records, problems } = readRecords();

  it('every record has its Date and Status lines under a numbered title', () => {
    expect(problems).toEqual([]);
    expect(records.length).toBeGreaterThanOrEqual(29);
  });

  it('every amendment is named on both records, by a later one', () => {
    expect(lifecycleProblems(records)).toEqual([]);
  });

  it('017, the status gate, is amended by the returning decision', () => {
    const gate = records.find((r) => r.number === 17);
    const returning = records.find((r) => r.fileName === '029-returning.md');
    expect(gate?.status).toEqual({ kind: 'amended', by: [returning?.number] });
  });

  it('README.md lists every record with its date and status', () => {
    expect(indexProblems(read(path.join(decisionsDir, 'README.md')), records)).toEqual([]);
  });
});

describe('the map, docs/architecture.md', () => {
  it('is refused over its weight, or without a line for a module', () => {
    const heavy = `[submissions](../apps/api/src/modules/submissions/README.md)\n${'x'.repeat(MAP_MAX_BYTES)}`;
    expect(mapProblems(heavy, ['submissions', 'offers'])).toEqual([
      `docs/architecture.md weighs ${MAP_MAX_BYTES + 61} bytes, over ${MAP_MAX_BYTES}: move the detail to a README or a decision`,
      'docs/architecture.md has no line linking modules/offers',
    ]);
  });

  it(`weighs at most ${MAP_MAX_BYTES} bytes and links every server module`, () => {
    const modules = readdirSync(path.join(root, 'apps/api/src/modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(mapProblems(read(path.join(root, 'docs/architecture.md')), modules)).toEqual([]);
  });
});

const apiDir = path.join(root, 'apps/api');
const foldersOf = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const filesUnder = (dir: string) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());

describe('the api tests mirror the modules (docs/architecture.md "Tests")', () => {
  it('are refused for a module without tests, or a test folder of no module', () => {
    expect(
      testLayoutProblems({
        modules: ['offers', 'health', 'pricing'],
        modulesWithUnitTests: ['pricing'],
        testFolders: ['app', 'support', 'fixtures', 'offers', 'transactions'],
      }),
    ).toEqual([
      'modules/health has no tests in apps/api/test/health: its tests go there',
      "apps/api/test/transactions is no module's: name it after its module, or use app, support, fixtures",
    ]);
  });

  it('holds: each module of apps/api/src/modules has its folder in apps/api/test, and each folder there a module', () => {
    const modules = foldersOf(path.join(apiDir, 'src/modules'));
    const modulesWithUnitTests = modules.filter((name) =>
      filesUnder(path.join(apiDir, 'src/modules', name)).some((file) => file.name.endsWith('.test.ts')),
    );
    const testFolders = foldersOf(path.join(apiDir, 'test')).filter(
      (name) => filesUnder(path.join(apiDir, 'test', name)).length > 0,
    );
    expect(testLayoutProblems({ modules, modulesWithUnitTests, testFolders })).toEqual([]);
  });
});

/** The hand-written Markdown that links into the repository: the docs and every folder's README. */
function markdownWithLinks(): string[] {
  const found = ['README.md', 'docs/architecture.md', 'docs/decisions/README.md'];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory() && !['node_modules', 'dist', 'dist-ssr'].includes(entry.name)) walk(rel);
      else if (entry.name === 'README.md') found.push(rel);
    }
  };
  ['apps', 'packages', 'stack'].forEach(walk);
  return found;
}

describe('links in the docs', () => {
  it('are found outside code, without anchors or web addresses', () => {
    const text = '[a](../x.md#part) [b](https://e.org) [c](#here) `[d](no.md)` [e](y.md "title")\n```\n[f](z.md)\n```';
    expect(relativeLinkTargets(text)).toEqual(['../x.md', 'y.md']);
  });

  it.each(markdownWithLinks())('%s links only to files that exist', (file) => {
    const from = path.dirname(path.join(root, file));
    const missing = relativeLinkTargets(read(path.join(root, file))).filter((target) => !existsSync(path.resolve(from, target)));
    expect(missing).toEqual([]);
  });
});
