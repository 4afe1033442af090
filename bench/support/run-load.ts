// One autocannon run (bench/support/load.ts) in a process of its own, so the load generator never
// shares an event loop with the server it measures or with the harness. A run with any non-2xx
// answer, socket error or timeout, or no answer at all, throws: a figure of failures is no figure.
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { LoadResult } from './load.ts';

/** `cookie` '' sends none. */
export function load(url: string, cookie: string, seconds: number, connections: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'load.ts'), url, cookie, String(seconds), String(connections)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load generator exited ${code}`));
      const result = JSON.parse(out.trim().split('\n').at(-1)!) as LoadResult;
      const failed = result.non2xx + result.errors + result.timeouts;
      if (failed > 0 || result.requests === 0) {
        return reject(
          new Error(
            `${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts of ${result.requests}`,
          ),
        );
      }
      resolve(result);
    });
  });
}
