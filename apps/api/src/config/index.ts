// The configuration's one face: the app, its scripts and tests import from here. Each concern's
// variables are read in a file of their own beside this one; load-config.ts puts them together.
export { type Config, ConfigError, loadConfig, settingNames } from './load-config.ts';
export { type AchSettings, EXAMPLE_ACH } from './ach.ts';
export { DEFAULT_SCREENING_THRESHOLD } from './compliance.ts';
export { DEFAULT_WEBHOOK_MAX_AGE_SECONDS, PAYPAL_CERT_ORIGINS, PAYPAL_LIVE_URL } from './paypal.ts';
export {
  decryptionKeys,
  type PasswordHashingMode,
  passwordHashingModes,
  type Secrets,
  type StaffTwoFactorMode,
  staffTwoFactorModes,
} from './security.ts';
