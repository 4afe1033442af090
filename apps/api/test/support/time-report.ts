// A vitest reporter, wired in vitest.config.ts beside the default one, that ends every run with
// where its time went: the wall time, each project's share and the slowest files and tests. The
// unit suite once grew from 96 s to 391 s with nothing in CI's log to say which files had grown.
import type { Reporter, TestModule, TestRunEndReason } from 'vitest/node';

/** One test file's time, as vitest measured it in the worker that ran it. */
export interface FileTime {
  project: string;
  file: string;
  /** Everything the file cost its worker: environment, setup files, import, tests and hooks. */
  totalMs: number;
  /** Of which importing the file and what it imports (vitest's "collect"). */
  importMs: number;
  /** Of which its tests and hooks. */
  testsMs: number;
}

export interface TestTime {
  project: string;
  file: string;
  name: string;
  ms: number;
}

export interface TimeReportOptions {
  slowestFiles?: number;
  slowestTests?: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const padded = (text: string, width: number) => text.padStart(width);

/** The report's lines: pure, so that a test can read them without running a suite. */
export function timeReportLines(
  wallMs: number,
  files: readonly FileTime[],
  tests: readonly TestTime[],
  { slowestFiles = 15, slowestTests = 10 }: TimeReportOptions = {},
): string[] {
  const byProject = new Map<string, { files: number; ms: number }>();
  for (const file of files) {
    const project = byProject.get(file.project) ?? { files: 0, ms: 0 };
    project.files += 1;
    project.ms += file.totalMs;
    byProject.set(file.project, project);
  }
  const workerMs = files.reduce((sum, file) => sum + file.totalMs, 0);
  const lines = [
    `Time report: ${seconds(wallMs)} wall, ${files.length} files, ${seconds(workerMs)} of file time in the workers`,
    'Per project (file time, summed over its files):',
  ];
  for (const [name, project] of [...byProject].sort((a, b) => b[1].ms - a[1].ms)) {
    lines.push(`  ${padded(seconds(project.ms), 9)}  ${name} (${project.files} files)`);
  }
  lines.push(`Slowest ${Math.min(slowestFiles, files.length)} files (total = environment, setup files, import and tests):`);
  for (const file of [...files].sort((a, b) => b.totalMs - a.totalMs).slice(0, slowestFiles)) {
    lines.push(
      `  ${padded(seconds(file.totalMs), 9)}  ${file.project} ${file.file}` +
        ` (tests ${seconds(file.testsMs)}, import ${seconds(file.importMs)})`,
    );
  }
  if (slowestTests > 0 && tests.length > 0) {
    lines.push(`Slowest ${Math.min(slowestTests, tests.length)} tests:`);
    for (const test of [...tests].sort((a, b) => b.ms - a.ms).slice(0, slowestTests)) {
      lines.push(`  ${padded(seconds(test.ms), 9)}  ${test.project} ${test.file} > ${test.name}`);
    }
  }
  return lines;
}

function fileTime(module: TestModule): FileTime {
  const d = module.diagnostic();
  return {
    project: module.project.name,
    file: module.relativeModuleId,
    totalMs: d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration,
    importMs: d.collectDuration,
    testsMs: d.duration,
  };
}

function testTimes(module: TestModule): TestTime[] {
  const times: TestTime[] = [];
  for (const test of module.children.allTests()) {
    const ms = test.diagnostic()?.duration;
    if (ms !== undefined) times.push({ project: module.project.name, file: module.relativeModuleId, name: test.fullName, ms });
  }
  return times;
}

export default class TimeReporter implements Reporter {
  // From vitest's start, so that the global setup (the migrated database templates) counts too.
  private readonly startedAt = performance.now();

  constructor(private readonly options: TimeReportOptions = {}) {}

  onTestRunEnd(modules: ReadonlyArray<TestModule>, _errors: unknown, reason: TestRunEndReason) {
    if (reason === 'interrupted') return;
    const wallMs = performance.now() - this.startedAt;
    const lines = timeReportLines(wallMs, modules.map(fileTime), modules.flatMap(testTimes), this.options);
    process.stdout.write(`\n${lines.join('\n')}\n`);
  }
}
