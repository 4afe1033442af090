// The chaos proof's last phase: with the load still running and every instance up, PostgreSQL is
// restarted. Requests that meet it fail cleanly (503 with a sentence, counted below); afterwards
// each instance and the worker must serve again as the same process, never restarted for it.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Stack } from '../stack.ts';
import { localPostgresRestart } from './postgres-restart.ts';
import type { RequestRecord } from './stack-client.ts';

export interface PostgresRestartOutcome {
  /** Why the restart did not happen, when it did not. */
  skipped?: string;
  /** How long the restart took. */
  seconds?: number;
  /** Requests answered from the restart until the instances were checked, and how many of them were 503. */
  requests: number;
  unavailable: number;
  /** Processes that did not serve again by themselves after the restart. */
  notRecovered: string[];
}

async function readyWithin(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return true;
    await sleep(250);
  }
  return false;
}

export async function restartPostgresUnderLoad(
  stack: Stack,
  records: readonly RequestRecord[],
  say: (line: string) => void,
): Promise<PostgresRestartOutcome> {
  const restarter = localPostgresRestart();
  if ('skipped' in restarter) return { skipped: restarter.skipped, requests: 0, unavailable: 0, notRecovered: [] };
  const before = new Map([...stack.instances, stack.worker].map((p) => [p.name, p.pid]));
  await sleep(2_000);
  const from = records.length;
  say('  restarting PostgreSQL under the load (pg_ctlcluster restart)...');
  const seconds = await restarter.restart();
  say(`  PostgreSQL restarted in ${seconds.toFixed(1)} s; the load goes on`);
  await sleep(8_000);
  const notRecovered: string[] = [];
  for (const process of [...stack.instances, stack.worker]) {
    if (process.pid !== before.get(process.name) || !process.running)
      notRecovered.push(`${process.name} stopped or was restarted`);
    else if (process !== stack.worker && !(await readyWithin(process.spec.ready, 20_000))) {
      notRecovered.push(`${process.name} not ready 20 s after the restart`);
    }
  }
  const during = records.slice(from);
  return { seconds, requests: during.length, unavailable: during.filter((r) => r.status === 503).length, notRecovered };
}
