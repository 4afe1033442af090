import { Link } from 'wouter';
import { paths } from '@/lib/paths';
import { FREE_RETURN_SHORTFALL_PERCENT, KYC_THRESHOLD_CENTS, formatCents } from '@assay/domain';
import { Prose, PublicPageLayout } from '../layouts/public-layout';

export function TermsPage() {
  return (
    <PublicPageLayout title="Terms of Service" lead="The short version of how selling to Assay works.">
      <Prose>
        <h2>Estimates and offers</h2>
        <p>
          The prices on our site and the quote calculator give estimates from live market prices; they are not offers. Your
          preliminary quote is also an estimate. Only the final offer an appraiser makes after examining your items is binding on
          us, and only once you accept it.
        </p>
        <h2>Your items</h2>
        <p>
          You confirm that you own the items you send and are free to sell them. We may refuse items we cannot verify and may
          report items we believe to be stolen to the authorities.
        </p>
        <h2>Shipping and insurance</h2>
        <p>
          Use the prepaid label we provide: your parcel is then insured from pick-up until we receive it, while we hold it and on
          its way back to you. Parcels sent any other way travel at your own risk.
        </p>
        <h2>Declining an offer</h2>
        <p>
          You may decline any final offer and we return your items insured. Return shipping is free when our final offer is{' '}
          {FREE_RETURN_SHORTFALL_PERCENT}% or more below your estimate.
        </p>
        <h2>Payment and identity</h2>
        <p>
          Payment is sent within 24 hours of accepting, by the method you choose. For offers above{' '}
          {formatCents(KYC_THRESHOLD_CENTS, { wholeDollars: true })}, or when required by law, we pay once your identity is
          verified.
        </p>
        <h2>Contact</h2>
        <p>
          Questions about these terms? See the <Link href={paths.faq}>FAQ</Link> or <Link href={paths.contact}>contact us</Link>.
        </p>
      </Prose>
    </PublicPageLayout>
  );
}
