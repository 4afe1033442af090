// The ledger routes' answers. Kept beside the routes rather than in @assay/domain: no screen reads
// them yet; they move to the domain with the first one that does.
import { chartOfAccounts, payoutRails, payoutStatuses } from '@assay/domain';
import { z } from 'zod';

const accounts = chartOfAccounts.map((info) => info.account) as [string, ...string[]];

export const ledgerReconciliationSchema = z.array(
  z.object({
    transactionId: z.string(),
    submissionId: z.string(),
    status: z.enum(payoutStatuses),
    rail: z.enum(payoutRails),
    amount: z.string().describe('The payout amount, dollars as an exact decimal string.'),
    reason: z.string().describe('What the rail says against what the ledger shows.'),
  }),
);

export const ledgerBalancesSchema = z.array(
  z.object({
    account: z.enum(accounts),
    description: z.string(),
    debitCents: z.number().int(),
    creditCents: z.number().int(),
    balanceCents: z.number().int().describe('Debits minus credits, or the reverse for credit-normal accounts.'),
  }),
);
