// `npm run admin -- grant EMAIL` / `revoke EMAIL` / `reset-2fa EMAIL`: appraisers, and a lost
// authenticator app, are managed from the shell, by whoever runs the server, never through the web.
import { bootDatabase } from '../src/boot.ts';
import { loadConfig } from '../src/config/index.ts';
import { changeAdminRole, resetSecondFactor } from '../src/modules/users/users.service.ts';
import { runCommand } from './run-command.ts';

const usage = 'Usage: npm run admin -- grant EMAIL | revoke EMAIL | reset-2fa EMAIL';

async function main(argv: string[]) {
  const [command, email] = argv;
  if ((command !== 'grant' && command !== 'revoke' && command !== 'reset-2fa') || !email) {
    console.error(usage);
    return 64;
  }
  const config = loadConfig();
  const booted = await bootDatabase(config);
  try {
    if (command === 'reset-2fa') {
      const reset = await resetSecondFactor(booted.database.db, email);
      console.log(
        reset.hadSecondFactor
          ? `${reset.email} has no authenticator app now and is signed out everywhere: they set up a new one after signing in.`
          : `${reset.email} had no authenticator app set up; any half-finished set-up is cleared and they are signed out everywhere.`,
      );
      return 0;
    }
    const user = await changeAdminRole(booted.database.db, email, command === 'grant');
    console.log(`${user.email} is ${user.isAdmin ? 'now an admin' : 'no longer an admin'}.`);
    if (!user.isAdmin && config.adminEmails.includes(user.email.toLowerCase())) {
      console.log('Note: this e-mail is listed in ADMIN_EMAILS, so it becomes an admin again at the next start.');
    }
    return 0;
  } finally {
    await booted.release();
  }
}

runCommand(main);
