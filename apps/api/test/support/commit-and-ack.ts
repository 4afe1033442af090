// Child process for the SIGKILL test: commits rows one by one into the table `acks` of the folder
// given as argument and prints "ack <id>" only after each commit resolved, until it is killed.
import { openDurablePGlite } from '../../src/db/durable-pglite.ts';

const client = await openDurablePGlite(process.argv[2]!);
for (let id = 1; ; id++) {
  await client.query('insert into acks (id) values ($1)', [id]);
  process.stdout.write(`ack ${id}\n`);
}
