import type { CurrentUser } from '@assay/domain';
import { NewSubmissionForm } from '@/features/submissions/components/new-submission-form';
import { useBusiness } from '@/lib/business';
import { StateRuleBeforeShipping } from '@/features/submissions/components/state-rule-before-shipping';
import { usePayoutRates } from '@/features/payout-rates/api/get-payout-rates';
import { usePricing } from '@/features/pricing/api/get-pricing';
import { BackToDashboardLink, ClientLayout } from '../layouts/client-layout';
import { PageHeader } from '../layouts/signed-in-layout';

/** SPEC 2 "New Submission view" (lazy: it carries Uppy). */
export function NewSubmissionPage({ user }: { user: CurrentUser }) {
  // Live prices and the published rates let the form show a named material's quote before submitting.
  const pricing = usePricing();
  const rates = usePayoutRates();
  // The published terms: what one parcel is insured for at most, and the guaranteed floor's share.
  const business = useBusiness();
  const terms = business.data
    ? { insuredLimitCents: business.data.insuredLimitCents, floorPercent: business.data.guarantee.floorPercent }
    : undefined;
  const livePrices = pricing.data && rates.data ? { rows: pricing.data, rates: rates.data.rates, terms } : undefined;
  return (
    <ClientLayout user={user}>
      <BackToDashboardLink />
      <PageHeader title="New Submission" subtitle="Tell us about your item and add photos. Free, no obligation." />
      <NewSubmissionForm userId={user.id} livePrices={livePrices} beforeYouShip={<StateRuleBeforeShipping />} />
    </ClientLayout>
  );
}
