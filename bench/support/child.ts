// The bench's child processes: each server in a process of its own (its own event loop and share of
// the CPU) and the load generator in another, so that neither server measures the harness or the
// load generator. A server child answers with one IPC message once it listens, and closes on 'close'.
import { type ChildProcess, fork } from 'node:child_process';

export interface ServerChild<Ready> {
  ready: Ready;
  stop(): Promise<void>;
}

/** Forks `file` under tsx and waits for its first message (or its death). */
export async function startServerChild<Ready>(file: string, env: Record<string, string> = {}): Promise<ServerChild<Ready>> {
  const child: ChildProcess = fork(file, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Ready));
    child.once('exit', (code, signal) => reject(new Error(`${file} exited before it was ready (${code ?? signal})`)));
  });
  return {
    ready,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.send({ type: 'close' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** In a server child: tell the parent it is ready, then close on its word (or when it goes away). */
export function serveUntilParentSaysClose(ready: object, close: () => Promise<void>) {
  let closing = false;
  const shutDown = () => {
    if (closing) return;
    closing = true;
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('message', (message: { type?: string }) => {
    if (message.type === 'close') shutDown();
  });
  process.on('disconnect', shutDown);
  process.send!(ready);
}
