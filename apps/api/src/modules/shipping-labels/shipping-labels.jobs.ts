// 'sample-labels-follow-address': after a client corrects their shipping address, the sample labels
// of parcels not yet received take it as their sender. Enqueued in the transaction that saves the
// address (modules/address-change), so the job exists exactly when the new address does.
import type { ShippingAddress } from '@assay/domain';
import type { Keys } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { JobPayloads } from '../../jobs/job-definitions.ts';
import { type AnyJobSpec, defineJob } from '../../jobs/job-engine.ts';
import { shippingAddressOf } from '../users/index.ts';
import { openLabelSender } from './label-addresses.ts';
import { lockUnshippedSampleLabels, setLabelSender } from './shipping-labels.repository.ts';

export type LabelKeys = Pick<Keys, 'encryptionKey' | 'decryptionKeys'>;

const addressFields = ['name', 'line1', 'line2', 'city', 'state', 'postalCode', 'phone'] as const;
const sameAddress = (a: ShippingAddress, b: ShippingAddress) => addressFields.every((field) => a[field] === b[field]);

/**
 * Writes the client's current address as the sender of their unshipped sample labels; answers how
 * many labels changed. The labels are locked before the address is read, so of two runs the later
 * one reads what the later edit saved, and two quick edits end with the last. A label already
 * carrying the address is left alone: a retried run changes nothing more.
 */
export async function followAddressOnSampleLabels(
  db: Db,
  keys: LabelKeys,
  { userId }: JobPayloads['sample-labels-follow-address'],
) {
  return db.transaction(async (tx) => {
    const labels = await lockUnshippedSampleLabels(tx, userId);
    if (labels.length === 0) return 0;
    const address = await shippingAddressOf(tx, keys.decryptionKeys, userId);
    if (!address) return 0;
    let changed = 0;
    for (const label of labels) {
      const sender = openLabelSender(keys.decryptionKeys, label);
      if (sender && sameAddress(sender, address)) continue;
      await setLabelSender(tx, keys.encryptionKey, label.id, address);
      changed++;
    }
    return changed;
  });
}

export function shippingLabelsJobs({ db, keys }: { db: Db; keys: LabelKeys }): AnyJobSpec<JobPayloads>[] {
  return [
    defineJob<JobPayloads, 'sample-labels-follow-address'>({
      name: 'sample-labels-follow-address',
      queue: { retryLimit: 3, retryDelaySeconds: 30, retryBackoff: true },
      async handle(payload) {
        await followAddressOnSampleLabels(db, keys, payload);
      },
    }),
  ];
}
