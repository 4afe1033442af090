// The chaos itself: every few seconds one running app instance is killed with SIGKILL (no drain,
// no goodbye, as in a crash or a power cut) and started again a moment later; the worker is
// killed once, in the middle of the run, and started again. One instance is down at a time.
import { setTimeout as sleep } from 'node:timers/promises';
import type { SupervisedProcess } from '../supervised-process.ts';

export interface MonkeyPlan {
  instances: SupervisedProcess[];
  worker: SupervisedProcess;
  seconds: number;
  killEverySeconds: number;
  restartAfterSeconds: number;
  random?: () => number;
  log?: (line: string) => void;
}

export interface Monkey {
  done: Promise<void>;
  /** "app-1 killed 3 times", ... */
  summary(): string[];
}

export function unleashMonkey(plan: MonkeyPlan): Monkey {
  const random = plan.random ?? Math.random;
  const log = plan.log ?? (() => undefined);
  const kills = new Map<string, number>();
  const restarts: Promise<void>[] = [];
  const failed: Error[] = [];
  // Kept from the start, so a failed restart is reported at the end and never crashes the run.
  const begin = (target: SupervisedProcess) =>
    restarts.push(killAndRestart(target).catch((err: unknown) => void failed.push(err as Error)));
  const started = Date.now();
  const elapsed = () => (Date.now() - started) / 1000;

  const killAndRestart = async (target: SupervisedProcess) => {
    await target.kill();
    kills.set(target.name, (kills.get(target.name) ?? 0) + 1);
    log(`  ${elapsed().toFixed(0).padStart(3)} s  kill -9 ${target.name}`);
    await sleep(plan.restartAfterSeconds * 1000);
    // A start can fail (a port not yet released, say); an operator's supervisor tries again.
    for (let tries = 1; ; tries += 1) {
      try {
        await target.start();
        break;
      } catch (err) {
        if (tries >= 3) throw err;
        log(`  ${elapsed().toFixed(0).padStart(3)} s  ${target.name} did not start (${(err as Error).message}); again`);
        await sleep(1000);
      }
    }
    log(`  ${elapsed().toFixed(0).padStart(3)} s  ${target.name} serving again`);
  };

  const done = (async () => {
    const workerKillAt = plan.seconds * (0.3 + random() * 0.3);
    let workerKilled = false;
    while (elapsed() < plan.seconds - plan.killEverySeconds) {
      await sleep(plan.killEverySeconds * 1000 * (0.6 + random() * 0.8));
      if (!workerKilled && elapsed() >= workerKillAt && plan.worker.serving) {
        workerKilled = true;
        begin(plan.worker);
      }
      // One instance down at a time, as a deployment sized for the loss of one machine: the next
      // kill waits until the last one killed serves again.
      const serving = plan.instances.filter((p) => p.serving);
      if (serving.length < plan.instances.length) continue;
      const target = serving[Math.floor(random() * serving.length)]!;
      begin(target);
    }
    if (!workerKilled) begin(plan.worker);
    await Promise.all(restarts);
    if (failed.length) throw new Error(`A killed process did not come back: ${failed.map((e) => e.message).join('; ')}`);
  })();

  return {
    done,
    summary: () => [...kills].map(([name, n]) => `${name} killed ${n} time${n === 1 ? '' : 's'}`),
  };
}
