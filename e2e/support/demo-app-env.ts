/**
 * The built app as the journeys and the Lighthouse bench start it (`node apps/api/dist/server.js`):
 * a development build in demo mode on a fresh embedded database in `dataDir`.
 */
export const demoAppEnv = (appPort: number, url: string, dataDir: string, secretsDir: string) => ({
  NODE_ENV: 'development',
  PORT: String(appPort),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SECRETS_DIR: secretsDir,
  DATABASE_URL: '',
  DEMO_MODE: 'true',
  PUBLIC_URL: url,
  LOG_LEVEL: 'warn',
});
