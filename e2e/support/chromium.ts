// Debian's chromium as the journeys and the Lighthouse bench run it: quiet (nothing of its own
// reaches for the network, which this machine does not have) and sandbox-free for a container.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The switches besides the headless one, which each runner sets its own way. */
export const quietChromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
