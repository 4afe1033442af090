// Every background job of Assay by name, with the payload it carries. The engine, enqueue() and
// the handlers are typed from this one map, so a job cannot be sent with the wrong data.
// A type, not an interface: the engine's generic job map needs its index signature.
export type JobPayloads = {
  /** Deliver one outbox e-mail over SMTP (enqueued in the transaction that wrote it). */
  'outbox-delivery': { outboxId: string };
  /** Where a delivery lands after its last try; marks the e-mail as given up. */
  'outbox-dead-letter': { outboxId: string };
  /** Safety net: e-mails never tried (their job lost, or SMTP configured later) get a delivery job. */
  'outbox-sweep': Record<string, never>;
  /** Fetch the metal prices; reschedules itself at PRICE_REFRESH_SECONDS. */
  'price-refresh': Record<string, never>;
  /** Abandoned upload URLs, never-attached photos, interrupted writes. */
  'uploads-cleanup': Record<string, never>;
  /** Stored photo files no row claims (lists every object, so it runs rarely). */
  'uploads-orphan-sweep': Record<string, never>;
  /** Fold the mailbox's appended counter rows back to one per bucket. */
  'mailbox-counts-compaction': Record<string, never>;
  /** Remind the seller that an offer version lapses in `hoursBefore` hours (48 and 8). */
  'offer-reminder': { offerId: string; hoursBefore: number };
  /** Hand one payout attempt to its provider's API (PayPal Payouts); retried while it fails. */
  'payout-handover': { transactionId: string; attempt: number };
  /** Pay an offer the seller's reserve accepted, once their 24 h to decline it have passed (decision 040). */
  'reserve-payout': { submissionId: string };
  /** Where a hand-over lands after its last try: the appraisers are told to pay it by hand. */
  'payout-handover-dead-letter': { transactionId: string; attempt: number };
  /** Ask the rail about payouts it holds whose webhook never came. */
  'payout-rail-check': Record<string, never>;
  /** Apply one stored provider webhook (the webhook inbox); replays find it done. */
  'webhook-process': { inboxId: string };
  /** Forget webhook transmission ids too old for any delivery carrying them to be accepted again. */
  'webhook-transmissions-prune': Record<string, never>;
  /** The client's unshipped sample labels take their current address as sender (after an address change). */
  'sample-labels-follow-address': { userId: string };
  /** Remove sign-in throttle rows that no longer count (a pair quiet for a day, an ended hour). */
  'sign-in-throttle-prune': Record<string, never>;
};

export type JobName = keyof JobPayloads;
