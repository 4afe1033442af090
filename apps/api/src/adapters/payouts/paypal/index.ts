// The PayPal Payouts rail: the API client, webhook verification and reading, and the status table
// both share. Nothing here is wired yet; the payouts module and the webhook inbox will use it.
export { PayPalApiError, type PayPalErrorKind } from './paypal-errors.ts';
export {
  DEFAULT_PAYPAL_TIMEOUT_MS,
  PAYPAL_SANDBOX_URL,
  PayPalPayoutsClient,
  type CreatePayPalBatchRequest,
  type CreatePayPalBatchResult,
  type PayPalBatch,
  type PayPalPayoutItem,
  type PayPalPayoutsClientOptions,
} from './paypal-payouts-client.ts';
export { isFinalLifecycleStatus, lifecycleOfTransactionStatus, type PayPalLifecycleStatus } from './paypal-status.ts';
export {
  PayPalWebhookVerifier,
  readPayPalWebhookEvent,
  receivePayPalWebhook,
  type PayPalWebhookEvent,
  type PayPalWebhookOutcome,
  type PayPalWebhookVerifierOptions,
} from './paypal-webhooks.ts';
