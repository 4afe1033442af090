// How the shell commands (admin, keys) end: the exit code of `main`, or the message of an error an
// operator can act on, without a stack trace.
import { ConfigError } from '../src/config/index.ts';
import { AppError } from '../src/lib/app-error.ts';
import { DataDirLockedError } from '../src/lib/data-dir-lock.ts';
import { SecretsFileError } from '../src/lib/generated-secrets.ts';

export function runCommand(main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      if (
        err instanceof ConfigError ||
        err instanceof DataDirLockedError ||
        err instanceof SecretsFileError ||
        err instanceof AppError
      ) {
        console.error(err.message);
        if (err instanceof DataDirLockedError) {
          console.error('Stop the running server first: the embedded database can be opened by one process at a time.');
        }
        process.exit(1);
      }
      console.error(err);
      process.exit(1);
    },
  );
}
