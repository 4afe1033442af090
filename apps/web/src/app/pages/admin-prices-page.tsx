import type { CurrentUser } from '@assay/domain';
import { PayoutRatesAdminPanel } from '@/features/payout-rates/components/payout-rates-admin-panel';
import { PricingAdminPanel } from '@/features/pricing/components/pricing-admin-panel';
import { RefreshPricingButton } from '@/features/pricing/components/refresh-pricing-button';
import { AdminLayout } from '../layouts/admin-layout';

export function AdminPricesPage({ user }: { user: CurrentUser }) {
  return (
    <AdminLayout
      user={user}
      title="Prices"
      subtitle="The live price feed, gem prices and the published payout rates"
      actions={<RefreshPricingButton />}
    >
      <div className="flex flex-col gap-6 sm:gap-8">
        <PricingAdminPanel />
        <PayoutRatesAdminPanel />
      </div>
    </AdminLayout>
  );
}
