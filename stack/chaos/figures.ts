// The chaos proof's printout and verdict, from what the load saw and what the checks found after
// it. Pure, so that the rule "every must-be-0 figure is 0, or the run fails" is tested on its own.
import type { PostgresRestartOutcome } from './postgres-restart-phase.ts';
import type { RequestRecord } from './stack-client.ts';

export interface Findings {
  /** Writes the stack acknowledged (2xx), by kind. */
  acknowledged: Record<string, number>;
  /** Acknowledged writes not found afterwards, each with why. */
  lost: string[];
  /** Payouts with more than one payment (events, ACH entries or live checks for one attempt). */
  paidTwice: string[];
  /** Payouts whose rail state and ledger disagree (GET /api/admin/ledger/reconciliation). */
  ledgerDisagreements: string[];
  /** E-mails the app wrote that never reached the SMTP server. */
  emailsLost: string[];
  /** E-mails that reached the SMTP server more than once (same Message-ID). */
  emailsTwice: string[];
  /** What the chaos did: kills and restarts, by process. */
  kills: string[];
  seconds: number;
  postgres: PostgresRestartOutcome;
}

/** Nearest-rank percentile of `values` (p from 0 to 100); 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

/** A figure's name, padded so that the values line up (and never touch a long name). */
const column = (name: string) => `${name}:`.padEnd(29) + ' ';

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function byKey<T>(items: readonly T[], key: (item: T) => string): [string, number][] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/**
 * Lost writes, payouts paid twice, ledger disagreements, e-mails lost, e-mails sent twice, 500s (a
 * bug, where an outage is a 502 or 503), processes that did not recover from PostgreSQL's restart,
 * steps of the load that never succeeded.
 */
export const MUST_BE_ZERO_FIGURES = 8;

/** Below this many answers a step that never succeeded may just have met the kills. */
export const NEVER_DONE_MIN_ANSWERS = 10;

/**
 * The steps of the load (by kind) answered at least NEVER_DONE_MIN_ANSWERS times and never with a
 * success: the app refuses something it should do (as 'check mailed' was refused on every try
 * during a US evening), or the load lost its way. Refusals the app means (a rate limit, an offer
 * already taken) come beside successes of the same step.
 */
export function stepsNeverDone(records: readonly RequestRecord[]): string[] {
  const answered = new Map<string, RequestRecord[]>();
  for (const r of records) {
    if (r.status <= 0) continue;
    const ofKind = answered.get(r.kind);
    if (ofKind) ofKind.push(r);
    else answered.set(r.kind, [r]);
  }
  const never: string[] = [];
  for (const [kind, answers] of answered) {
    if (answers.length < NEVER_DONE_MIN_ANSWERS || answers.some((r) => r.status < 400)) continue;
    const statuses = byKey(answers, (r) => String(r.status))
      .map(([status, n]) => `${status} x${n}`)
      .join(', ');
    never.push(`${kind}: none of ${answers.length} answers was a success (${statuses})`);
  }
  return never.sort();
}

export interface Verdict {
  lines: string[];
  /** The must-be-0 figures that were not 0; empty: the proof holds. */
  failures: string[];
}

export function verdict(records: readonly RequestRecord[], f: Findings): Verdict {
  const answered = records.filter((r) => r.status > 0);
  const serverErrors = answered.filter((r) => r.status >= 500);
  // Refusals the app means (a rate limit shared by every instance, an offer already taken): shown, not failures.
  const clientErrors = answered.filter((r) => r.status >= 400 && r.status < 500);
  const retried = records.filter((r) => r.upstreams.length > 1);
  const retriedOk = retried.filter((r) => r.status > 0 && r.status < 500);
  const unanswered = records.filter((r) => r.status === 0);
  const acknowledged = Object.values(f.acknowledged).reduce((a, b) => a + b, 0);
  const ms = answered.map((r) => r.ms);
  const mustBeZero: [string, string[]][] = [
    ['acknowledged writes lost', f.lost],
    ['payouts paid twice', f.paidTwice],
    ['payouts whose ledger disagrees', f.ledgerDisagreements],
    ['e-mails lost', f.emailsLost],
    ['e-mails sent twice', f.emailsTwice],
    ['500 answers', answered.filter((r) => r.status === 500).map((r) => `${r.method} ${r.kind}`)],
    ['not recovered from PostgreSQL', f.postgres.notRecovered],
    ['steps that never succeeded', stepsNeverDone(records)],
  ];
  const lines = [
    `duration:                     ${f.seconds.toFixed(0)} s of load; ${f.kills.join('; ') || 'nothing killed'}`,
    `requests sent:                ${records.length} (${unanswered.length} without an answer)`,
    `acknowledged writes:          ${acknowledged} (${Object.entries(f.acknowledged)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')})`,
    ...mustBeZero.map(([name, items]) => `${column(name)}${items.length} (must be 0)`),
    `5xx seen by the client:       ${serverErrors.length}${
      serverErrors.length
        ? ` (${byKey(serverErrors, (r) => `${r.status} ${r.kind}`)
            .map(([k, n]) => `${k}: ${n}`)
            .join(', ')})`
        : ''
    }`,
    `4xx answers:                  ${clientErrors.length}${
      clientErrors.length
        ? ` (${byKey(clientErrors, (r) => `${r.status} ${r.kind}`)
            .slice(0, 6)
            .map(([k, n]) => `${k}: ${n}`)
            .join(', ')})`
        : ''
    }`,
    `retried by nginx:             ${count(retried.length, 'request')} sent on to another instance; ${retriedOk.length} of them answered without a 5xx`,
    `PostgreSQL restart:           ${
      f.postgres.skipped
        ? `skipped (${f.postgres.skipped})`
        : `in ${f.postgres.seconds?.toFixed(1)} s under load; ${f.postgres.requests} requests until every instance was checked, ${f.postgres.unavailable} answered 503 (database not reachable)`
    }`,
    `latency (answered requests):  p50 ${percentile(ms, 50).toFixed(0)} ms, p99 ${percentile(ms, 99).toFixed(0)} ms`,
  ];
  const failures: string[] = [];
  for (const [name, items] of mustBeZero) {
    if (items.length === 0) continue;
    failures.push(`${name}: ${items.length}`);
    lines.push(`  ${name}:`, ...items.slice(0, 10).map((item) => `    ${item}`));
    if (items.length > 10) lines.push(`    ... and ${items.length - 10} more`);
  }
  if (acknowledged === 0) failures.push('no write was acknowledged: the load did not run');
  return { lines, failures };
}
