// Where the data lives: PostgreSQL at DATABASE_URL, or the embedded database in DATA_DIR.
import path from 'node:path';
import { z } from 'zod';
import { emptyToUndefined, repoRoot } from './env.ts';

export const databaseEnv = {
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default(path.join(repoRoot, 'data'))),
  /**
   * Where the embedded database (no DATABASE_URL) runs: `worker` (the default: a thread of its own,
   * so its queries never stall the requests that need no database) or `main` (on the event loop,
   * the way PGlite runs by itself; for measuring the difference and for the test apps).
   */
  PGLITE_THREAD: z.preprocess(
    emptyToUndefined,
    z.enum(['worker', 'main'], { error: 'PGLITE_THREAD must be worker or main' }).default('worker'),
  ),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
  ),
};
