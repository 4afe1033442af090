// One process of the stack (an app instance, the worker, nginx): started with its own environment,
// its output appended to its own log file, known ready when `ready()` says so, and stoppable the
// gentle way (a signal, then SIGKILL after a timeout) or the brutal way (kill -9, as a crash).
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export interface ProcessSpec {
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  logFile: string;
  /** Resolves true once the process serves; polled until `readyTimeoutMs`. */
  ready: () => Promise<boolean>;
  readyTimeoutMs?: number;
}

export class SupervisedProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<number | null> = Promise.resolve(null);
  private log: WriteStream;
  /** How many times it was started; a restart after a crash counts. */
  starts = 0;

  constructor(readonly spec: ProcessSpec) {
    this.log = createWriteStream(spec.logFile, { flags: 'a' });
  }

  get name() {
    return this.spec.name;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Started and answered ready, and not stopped since. */
  get serving(): boolean {
    return this.ready && this.running;
  }

  private ready = false;

  async start(): Promise<void> {
    if (this.running) throw new Error(`${this.name} is already running (pid ${this.pid}).`);
    this.starts += 1;
    this.ready = false;
    this.log.write(`\n--- ${new Date().toISOString()} start #${this.starts}: ${this.spec.command} ${this.spec.args.join(' ')}\n`);
    const child = spawn(this.spec.command, this.spec.args, {
      cwd: this.spec.cwd,
      env: this.spec.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.pipe(this.log, { end: false });
    child.stderr?.pipe(this.log, { end: false });
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.log.write(`--- ${new Date().toISOString()} exited (${signal ?? `code ${code}`})\n`);
        resolve(code);
      });
      child.once('error', (err) => {
        this.log.write(`--- could not start: ${err.message}\n`);
        resolve(null);
      });
    });
    const deadline = Date.now() + (this.spec.readyTimeoutMs ?? 90_000);
    while (Date.now() < deadline) {
      if (!this.running) {
        throw new Error(`${this.name} stopped while starting; see ${this.spec.logFile}`);
      }
      if (await this.spec.ready().catch(() => false)) {
        this.ready = true;
        return;
      }
      await sleep(200);
    }
    await this.kill();
    throw new Error(
      `${this.name} was not ready within ${(this.spec.readyTimeoutMs ?? 90_000) / 1000} s; see ${this.spec.logFile}`,
    );
  }

  /** kill -9: the process gets no chance to finish anything, as in a crash or a power cut. */
  async kill(): Promise<void> {
    if (!this.running) return;
    this.child?.kill('SIGKILL');
    await this.exited;
  }

  /** A polite stop (SIGTERM by default: drain, then exit); SIGKILL if it has not exited in time. */
  async stop(options: { signal?: NodeJS.Signals; timeoutMs?: number } = {}): Promise<'exited' | 'killed'> {
    if (!this.running) return 'exited';
    this.child?.kill(options.signal ?? 'SIGTERM');
    const timeout = sleep(options.timeoutMs ?? 30_000).then(() => 'late' as const);
    if ((await Promise.race([this.exited.then(() => 'exited' as const), timeout])) === 'exited') return 'exited';
    await this.kill();
    return 'killed';
  }

  /** The exit code of the last run, once it has ended. */
  waitForExit(): Promise<number | null> {
    return this.exited;
  }

  closeLog() {
    this.log.end();
  }
}
