// The unit suite's time report (test/support/time-report.ts), printed at the end of every vitest run.
import { describe, expect, it } from 'vitest';
import { type FileTime, timeReportLines } from '../support/time-report.ts';

const file = (project: string, name: string, totalMs: number): FileTime => ({
  project,
  file: name,
  totalMs,
  importMs: totalMs / 4,
  testsMs: totalMs / 2,
});

describe('the time report', () => {
  it('names the wall time, each project by its file time, the slowest files first and the slowest tests', () => {
    const files = [
      file('api', 'test/a.test.ts', 2_000),
      file('web', 'src/b.test.ts', 500),
      file('api', 'test/c.test.ts', 30_000),
      file('web', 'src/d.test.ts', 1_500),
    ];
    const tests = [
      { project: 'api', file: 'test/c.test.ts', name: 'c > one', ms: 12_000 },
      { project: 'api', file: 'test/a.test.ts', name: 'a > two', ms: 900 },
      { project: 'web', file: 'src/d.test.ts', name: 'd > three', ms: 1_400 },
    ];
    expect(timeReportLines(95_400, files, tests, { slowestFiles: 3, slowestTests: 2 })).toEqual([
      'Time report: 95.4 s wall, 4 files, 34.0 s of file time in the workers',
      'Per project (file time, summed over its files):',
      '     32.0 s  api (2 files)',
      '      2.0 s  web (2 files)',
      'Slowest 3 files (total = environment, setup files, import and tests):',
      '     30.0 s  api test/c.test.ts (tests 15.0 s, import 7.5 s)',
      '      2.0 s  api test/a.test.ts (tests 1.0 s, import 0.5 s)',
      '      1.5 s  web src/d.test.ts (tests 0.8 s, import 0.4 s)',
      'Slowest 2 tests:',
      '     12.0 s  api test/c.test.ts > c > one',
      '      1.4 s  web src/d.test.ts > d > three',
    ]);
  });

  it('lists every file when there are fewer than asked for, and no test list when none ran', () => {
    const lines = timeReportLines(1_000, [file('domain', 'src/x.test.ts', 100)], []);
    expect(lines).toContain('Slowest 1 files (total = environment, setup files, import and tests):');
    expect(lines.at(-1)).toBe('      0.1 s  domain src/x.test.ts (tests 0.1 s, import 0.0 s)');
  });
});
