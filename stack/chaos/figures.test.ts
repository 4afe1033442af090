import { describe, expect, it } from 'vitest';
import { NEVER_DONE_MIN_ANSWERS, percentile, stepsNeverDone, verdict, type Findings } from './figures.ts';
import type { RequestRecord } from './stack-client.ts';

const clean: Findings = {
  acknowledged: { submission: 3, photo: 2 },
  lost: [],
  paidTwice: [],
  ledgerDisagreements: [],
  emailsLost: [],
  emailsTwice: [],
  kills: ['app-2 killed 2 times'],
  seconds: 60,
  postgres: { seconds: 1.2, requests: 40, unavailable: 3, notRecovered: [] },
};

const request = (status: number, ms: number, upstreams = ['127.0.0.1:3201'], kind = 'submission'): RequestRecord => ({
  kind,
  method: 'POST',
  status,
  ms,
  upstreams,
});

describe('percentile', () => {
  it('takes the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBe(0);
  });
});

describe('verdict', () => {
  it('passes when every must-be-0 figure is 0, and prints the figures', () => {
    const records = [
      request(201, 10),
      request(502, 30, ['127.0.0.1:3202']),
      request(200, 20, ['127.0.0.1:3201', '127.0.0.1:3203']),
      request(0, 5, []),
      request(429, 3),
    ];
    const { lines, failures } = verdict(records, clean);
    expect(failures).toEqual([]);
    expect(lines).toContain('requests sent:                5 (1 without an answer)');
    expect(lines).toContain('4xx answers:                  1 (429 submission: 1)');
    expect(lines).toContain('acknowledged writes:          5 (submission 3, photo 2)');
    expect(lines).toContain('acknowledged writes lost:     0 (must be 0)');
    expect(lines).toContain('5xx seen by the client:       1 (502 submission: 1)');
    expect(lines).toContain(
      'retried by nginx:             1 request sent on to another instance; 1 of them answered without a 5xx',
    );
    expect(lines).toContain('latency (answered requests):  p50 10 ms, p99 30 ms');
    expect(lines).toContain(
      'PostgreSQL restart:           in 1.2 s under load; 40 requests until every instance was checked, 3 answered 503 (database not reachable)',
    );
    expect(lines).toContain('payouts whose ledger disagrees: 0 (must be 0)');
  });

  it('fails on each must-be-0 figure that is not 0, naming what was found', () => {
    const { lines, failures } = verdict([request(201, 1)], {
      ...clean,
      lost: ['submission s1: not found'],
      paidTwice: ['payout t1: 2 confirmPaid for attempt 1'],
      emailsTwice: ['<o1@x>: 2 copies'],
    });
    expect(failures).toEqual(['acknowledged writes lost: 1', 'payouts paid twice: 1', 'e-mails sent twice: 1']);
    expect(lines).toContain('    submission s1: not found');
    expect(lines).toContain('e-mails lost:                 0 (must be 0)');
  });

  it('fails on a 500 (a bug; an outage answers 502 or 503) and on a process the PostgreSQL restart left down', () => {
    const { failures } = verdict([request(201, 1), request(500, 2, undefined, 'make offer')], {
      ...clean,
      postgres: { seconds: 1, requests: 5, unavailable: 0, notRecovered: ['app-2 not ready 20 s after the restart'] },
    });
    expect(failures).toEqual(['500 answers: 1', 'not recovered from PostgreSQL: 1']);
  });

  it('says why the PostgreSQL restart was skipped', () => {
    const { lines } = verdict([request(201, 1)], {
      ...clean,
      postgres: { skipped: 'no pg_ctlcluster here', requests: 0, unavailable: 0, notRecovered: [] },
    });
    expect(lines).toContain('PostgreSQL restart:           skipped (no pg_ctlcluster here)');
  });

  it('fails a run that acknowledged nothing, since it proved nothing', () => {
    expect(verdict([], { ...clean, acknowledged: {} }).failures).toEqual(['no write was acknowledged: the load did not run']);
  });

  it('fails on a step of the load that was answered often and never with a success', () => {
    const refused = Array.from({ length: NEVER_DONE_MIN_ANSWERS }, () => request(400, 2, undefined, 'check mailed'));
    const { lines, failures } = verdict([request(201, 1), ...refused], clean);
    expect(failures).toEqual(['steps that never succeeded: 1']);
    expect(lines).toContain(
      `    check mailed: none of ${NEVER_DONE_MIN_ANSWERS} answers was a success (400 x${NEVER_DONE_MIN_ANSWERS})`,
    );
  });
});

describe('stepsNeverDone', () => {
  it('leaves a step that also succeeded, a step answered too few times, and requests never answered', () => {
    const many = (status: number, kind: string, n = NEVER_DONE_MIN_ANSWERS) =>
      Array.from({ length: n }, () => request(status, 1, undefined, kind));
    expect(
      stepsNeverDone([
        ...many(429, 'upload link'),
        request(201, 1, undefined, 'upload link'),
        ...many(409, 'make ACH file', NEVER_DONE_MIN_ANSWERS - 1),
        ...many(0, 'accept offer'),
      ]),
    ).toEqual([]);
    expect(stepsNeverDone([...many(503, 'mailbox page', 3), ...many(409, 'mailbox page', NEVER_DONE_MIN_ANSWERS - 3)])).toEqual([
      `mailbox page: none of ${NEVER_DONE_MIN_ANSWERS} answers was a success (409 x${NEVER_DONE_MIN_ANSWERS - 3}, 503 x3)`,
    ]);
  });
});
