// Where the back-office journey runs: a third app (demo mode, its own PGlite) whose clock the
// journey can move, because an item's hold lasts days (the state rules': 7 to 15) and the journey
// must wait one out. The database's own clock is what enforces the hold (custody's trigger compares
// hold_until with now()), and the embedded database runs inside the app's process, so the whole
// process is started under libfaketime (Debian's `faketime` package): its offset is read from a
// file the journey writes. Monotonic clocks are left alone, so timers keep their pace when the
// wall clock jumps.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const port = Number(process.env.E2E_BACK_OFFICE_PORT ?? 3112);
export const backOfficeURL = `http://localhost:${port}`;
export const backOfficePort = port;

/** libfaketime's library, where Debian's `faketime` package puts it (null when not installed). */
export const libfaketime: string | null =
  readdirSync('/usr/lib')
    .map((dir) => path.join('/usr/lib', dir, 'faketime', 'libfaketime.so.1'))
    .find((file) => existsSync(file)) ?? null;

/**
 * The process environment that starts the app under libfaketime with its offset in `clockFile`.
 * libfaketime reads the file again at most once a second (FAKETIME_CACHE_DURATION).
 */
export function fakeClockEnv(clockFile: string): Record<string, string> {
  if (!libfaketime) return {};
  if (!existsSync(clockFile)) writeFileSync(clockFile, '+0d\n');
  return {
    LD_PRELOAD: libfaketime,
    FAKETIME_TIMESTAMP_FILE: clockFile,
    FAKETIME_CACHE_DURATION: '1',
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  };
}

/** The clock file of this run, made by playwright.config.ts (the workers inherit its environment). */
function clockFile(): string {
  const file = process.env.E2E_BACK_OFFICE_CLOCK;
  if (!file) throw new Error('E2E_BACK_OFFICE_CLOCK is not set: start the journeys with playwright.config.ts');
  return file;
}

/**
 * Moves the back-office app's clock `days` ahead of the real one, and waits until the app answers
 * with the new time (the Date header of its answers), so the next step meets the moved clock.
 */
export async function moveBackOfficeClock(days: number): Promise<void> {
  writeFileSync(clockFile(), `+${days}d\n`);
  const expected = Date.now() + days * 86_400_000 - 60_000;
  for (let tries = 0; tries < 50; tries++) {
    const answer = await fetch(`${backOfficeURL}/readyz`);
    const date = Date.parse(answer.headers.get('date') ?? '');
    if (date >= expected) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The back-office app's clock did not move ${days} days ahead (is libfaketime preloaded?)`);
}
