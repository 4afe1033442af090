import { DollarSign } from 'lucide-react';
import { dollarsToCents, formatCents } from '@assay/domain';
import { StatCard } from '@/components/ui/stat-card';
import { useTransactions } from '../api/get-transactions';

/** Sum of the client's transaction amounts, in cents; '$0.00' when the list cannot be read. */
export function TotalValueCard() {
  const transactions = useTransactions();
  const totalCents = (transactions.data ?? []).reduce((sum, t) => sum + (dollarsToCents(t.amount) ?? 0), 0);
  return (
    <StatCard
      title="Total Value"
      icon={<DollarSign />}
      value={
        transactions.isPending ? (
          <span className="text-muted-foreground">
            <span aria-hidden="true">…</span>
            <span className="sr-only">Loading</span>
          </span>
        ) : (
          formatCents(totalCents)
        )
      }
      caption="Lifetime earnings"
    />
  );
}
