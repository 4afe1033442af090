// `npm run stack:test`: the chaos proof. Starts the local production stack, signs up an appraiser
// and a few sellers, then drives a bounded mixed load (sign-ins, photo uploads, submissions, labels
// and their PDFs, receipts, offers, acceptances, ACH files, checks) for STACK_TEST_SECONDS while
// an app instance is killed with SIGKILL every few seconds and the worker once, each started
// again. Then it checks what was acknowledged, prints the figures, and exits 1 if any must-be-0
// figure is not 0. Every request goes to 127.0.0.1.
import { readFileSync } from 'node:fs';
import https from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { MUST_BE_ZERO_FIGURES, verdict } from './chaos/figures.ts';
import {
  acknowledgedCounts,
  appraiserRound,
  enrolAuthenticator,
  delawareAddress,
  ensureSignedIn,
  noneAcknowledged,
  sellerRound,
  signUpAndConfirm,
  type Seller,
} from './chaos/journeys.ts';
import { unleashMonkey } from './chaos/monkey.ts';
import { checkOutcome } from './chaos/outcome-checks.ts';
import { type PostgresRestartOutcome, restartPostgresUnderLoad } from './chaos/postgres-restart-phase.ts';
import { type RequestRecord, StackClient } from './chaos/stack-client.ts';
import { missingStackServices, startStack } from './stack.ts';

const setting = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const seconds = setting('STACK_TEST_SECONDS', 60);
const sellerCount = setting('STACK_TEST_SELLERS', 6);
const killEverySeconds = setting('STACK_TEST_KILL_EVERY_SECONDS', 6);
const say = (line: string) => console.log(line);

/** A real JPEG of a few tens of kilobytes, like a phone photo made small. */
async function samplePhoto(): Promise<Buffer> {
  const width = 480;
  const height = 360;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    pixels[i] = (x * 255) / width;
    pixels[i + 1] = 180;
    pixels[i + 2] = (i * 7919) % 256;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

// Inside `npm test`, which must pass on a machine without these services: say so and stop.
if (process.argv.includes('--if-available')) {
  const missing = await missingStackServices();
  if (missing.length) {
    say(`Chaos proof skipped: ${missing.join('; ')}.`);
    process.exit(0);
  }
}

say('Chaos proof: starting the local production stack...');
const stack = await startStack({ say });
let exitCode = 1;
try {
  const records: RequestRecord[] = [];
  let recording = false;
  const record = (r: RequestRecord) => {
    if (recording) records.push(r);
  };
  const target = { url: stack.url, ca: readFileSync(stack.caFile) };
  const client = (n: number) =>
    new StackClient(target, new https.Agent({ keepAlive: true, maxSockets: 4 }), `203.0.113.${n}`, record);

  say(`Signing up the appraiser and ${sellerCount} sellers (each confirms the e-mailed link)...`);
  const admin = client(1);
  const me = await signUpAndConfirm(admin, { email: stack.adminEmail, firstName: 'Avery', lastName: 'Appraiser' }, stack.mailUrl);
  if (!me.isAdmin) throw new Error(`${stack.adminEmail} is not an appraiser after confirming (ADMIN_EMAILS)`);
  // Production: no admin route answers an appraiser without an authenticator app (decision 026).
  const appraiser = await enrolAuthenticator(admin);
  const runTag = Date.now().toString(36);
  const sellers: Seller[] = await Promise.all(
    Array.from({ length: sellerCount }, async (_, index) => {
      const seller = { index, email: `seller-${index}-${runTag}@stack.assay.test`, client: client(10 + index) };
      await signUpAndConfirm(
        seller.client,
        { email: seller.email, firstName: 'Chaos', lastName: `Seller${index}` },
        stack.mailUrl,
      );
      const saved = await seller.client.request(
        'save address',
        'PUT',
        '/api/users/me/address',
        delawareAddress(`Chaos Seller${index}`),
      );
      if (saved.status !== 200) throw new Error(`saving ${seller.email}'s address: ${saved.status} ${saved.body.toString()}`);
      return seller;
    }),
  );
  const photo = await samplePhoto();
  const acks = noneAcknowledged();

  say(
    `Load for ${seconds} s: ${sellerCount} sellers and an appraiser; kill -9 of an app instance every ~${killEverySeconds} s, the worker once:`,
  );
  recording = true;
  const load = { running: true };
  const monkey = unleashMonkey({
    instances: stack.instances,
    worker: stack.worker,
    seconds,
    killEverySeconds,
    restartAfterSeconds: 2,
    log: say,
  });
  const loop = async (work: (round: number) => Promise<void>, pauseMs: number) => {
    for (let round = 0; load.running; round += 1) {
      await work(round);
      await sleep(pauseMs * (0.5 + Math.random()));
    }
  };
  const loops = Promise.all([
    ...sellers.map((seller) => loop((round) => sellerRound(seller, round, photo, acks), 400)),
    loop((round) => appraiserRound(appraiser, round, acks), 300),
  ]);
  let postgres: PostgresRestartOutcome;
  try {
    await monkey.done;
    postgres = await restartPostgresUnderLoad(stack, records, say);
  } finally {
    load.running = false;
    await loops;
  }
  // One last round of the appraiser's with every instance up: what was accepted late is paid too.
  await appraiserRound(appraiser, 0, acks);
  recording = false;

  say('Load over; every instance and the worker are up again. Checking what was acknowledged...');
  // The photos are read back as their owners: each seller signed in (a last sign-out may have been refused).
  for (const seller of sellers) await ensureSignedIn(seller, acks);
  const outcome = await checkOutcome({
    databaseUrl: stack.databaseUrl,
    acks,
    sellers: sellers.map((s) => s.client),
    admin,
    mail: stack.mail.messages,
    mailDeadlineSeconds: setting('STACK_TEST_MAIL_DEADLINE_SECONDS', 420),
    say,
  });
  const { lines, failures } = verdict(records, {
    acknowledged: acknowledgedCounts(acks),
    lost: outcome.lost,
    paidTwice: outcome.paidTwice,
    ledgerDisagreements: outcome.ledgerDisagreements,
    emailsLost: outcome.emailsLost,
    emailsTwice: outcome.emailsTwice,
    kills: monkey.summary(),
    seconds,
    postgres,
  });
  say('');
  say(
    `Chaos proof (${stack.url}, 3 instances behind nginx, 1 worker; ${outcome.emailsSent} e-mails checked after ${outcome.mailSeconds.toFixed(0)} s):`,
  );
  for (const line of lines) say(`  ${line}`);
  if (failures.length) say(`\nFAILED: ${failures.join('; ')}. Logs: ${stack.logDir}`);
  else say('\nPASSED: nothing acknowledged was lost, nothing paid or e-mailed twice.');
  exitCode = failures.length ? 1 : 0;
  // The must-be-0 figures as a test runner's closing line.
  say(`chaos: ${MUST_BE_ZERO_FIGURES - failures.length} passed, ${failures.length} failed`);
} catch (err) {
  console.error(err);
  console.error(`Logs: ${stack.logDir}`);
} finally {
  await stack.stop();
}
process.exit(exitCode);
