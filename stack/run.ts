// `npm run stack`: Assay in production mode on this machine, as a buyer would run it on several
// machines: nginx (TLS, round-robin) -> 3 app instances + 1 worker -> PostgreSQL, S3 (s3rver),
// SMTP (a sink) and Redis. Ctrl-C stops everything and drops the scratch database.
import { startStack } from './stack.ts';

console.log('Starting the local production stack (nginx, 3 instances, a worker, PostgreSQL, s3rver, SMTP sink, Redis)...');
const stack = await startStack({ say: (line) => console.log(line) });
console.log(`
Assay (production mode) is running at ${stack.url}
  The certificate is signed by the stack's own authority, ${stack.caFile}:
  trust it in your browser, or accept the warning.
  Appraiser: sign up as ${stack.adminEmail} (ADMIN_EMAILS); confirmation links arrive in ${stack.mailUrl}
    then set up an authenticator app on the page /admin shows (production asks every appraiser for one)
  Logs: ${stack.logDir}
Press Ctrl-C to stop.`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping: nginx, then the instances and the worker (each drains), then the services...');
  await stack.stop();
  console.log('Stopped; the scratch database is dropped.');
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
