export * from './auth.ts';
export * from './pricing.ts';
export * from './submissions.ts';
export * from './payouts.ts';
export * from './shipping.ts';
export * from './messaging.ts';
export * from './offers.ts';
export * from './compliance.ts';
