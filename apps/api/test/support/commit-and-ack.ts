// Child process for the SIGKILL test: commits rows one by one into the table `acks` of the folder
// given as argument and prints "ack <id>" only after each commit resolved, until it is killed.
// A second argument `worker` runs the database on its own thread, as the server does by default.
import { openDurablePGlite } from '../../src/db/durable-pglite.ts';
import { startPGliteThread } from '../../src/db/pglite-thread-client.ts';

const [dataDir, thread] = process.argv.slice(2);
const client = thread === 'worker' ? await startPGliteThread({ dataDir: dataDir! }) : await openDurablePGlite(dataDir!);
for (let id = 1; ; id++) {
  await client.query('insert into acks (id) values ($1)', [id]);
  process.stdout.write(`ack ${id}\n`);
}
