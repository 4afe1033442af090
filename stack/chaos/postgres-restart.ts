// A PostgreSQL restart under load (issue 14, faults): the machine's own cluster is restarted with
// Debian's pg_ctlcluster while the instances keep serving, which every connection of theirs feels
// as a server going away. Only where the stack runs on that local cluster and this process may
// restart it (root); elsewhere it says why not.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type PostgresRestart = { restart(): Promise<number> } | { skipped: string };

export function localPostgresRestart(env: NodeJS.ProcessEnv = process.env): PostgresRestart {
  if (env.STACK_TEST_RESTART_POSTGRES === '0') return { skipped: 'STACK_TEST_RESTART_POSTGRES=0' };
  if (env.STACK_POSTGRES_URL) return { skipped: 'the stack runs on STACK_POSTGRES_URL, not on this machine’s cluster' };
  if (!existsSync('/usr/bin/pg_ctlcluster') || !existsSync('/etc/postgresql')) return { skipped: 'no pg_ctlcluster here' };
  if (process.getuid?.() !== 0) return { skipped: 'restarting the cluster needs root' };
  const versions = readdirSync('/etc/postgresql');
  if (versions.length !== 1) return { skipped: `not one PostgreSQL cluster version here (${versions.join(', ') || 'none'})` };
  return {
    async restart() {
      const started = performance.now();
      await run('pg_ctlcluster', ['--skip-systemctl-redirect', versions[0]!, 'main', 'restart'], { timeout: 60_000 });
      return (performance.now() - started) / 1000;
    },
  };
}
