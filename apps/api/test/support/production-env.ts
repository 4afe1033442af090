// The smallest environment a production instance starts with; tests add or remove what they check.
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://assay.example',
  SESSION_SECRET: 'production-session-secret-0123456789abcdef',
  ENCRYPTION_KEY: 'e'.repeat(64),
  PRICE_FEED: 'gold-api',
  BUSINESS_LEGAL_NAME: 'Assay Buyers LLC',
  BUSINESS_ADDRESS: 'Assay Buyers LLC, 1 Market Street, Wilmington, DE 19801',
  INSURER_NAME: 'Harbor Mutual Insurance',
} as const;
