import { Link } from 'wouter';
import { paths } from '@/lib/paths';
import { supportContact } from '@/lib/site';
import { Prose, PublicPageLayout } from '../layouts/public-layout';

export function PrivacyPage() {
  return (
    <PublicPageLayout title="Privacy Policy" lead="What we collect to buy your items, why, and what we never do with it.">
      <Prose>
        <h2>What we collect</h2>
        <ul>
          <li>Your account: name, e-mail address and a password (stored only as a secure hash).</li>
          <li>Your submissions: descriptions, weights, photos, our appraisals and offers.</li>
          <li>Your shipping address, to create your prepaid labels.</li>
          <li>
            Your payout details. Bank account and routing numbers are encrypted at rest and never shown in full again, only their
            last 4 digits.
          </li>
          <li>An identity document, only when the law requires us to verify who you are (offers above $10,000, for example).</li>
        </ul>
        <h2>Why we use it</h2>
        <p>
          Only to appraise and buy your items, pay you, ship parcels, meet our legal duties as a precious-metals dealer, and
          answer your questions. We send e-mail about your submissions; we do not send marketing without your consent.
        </p>
        <h2>What we never do</h2>
        <p>
          We do not sell your data, and we do not use advertising trackers. Your photos are visible only to you and our
          appraisers, and we remove location data from them.
        </p>
        <h2>Cookies</h2>
        <p>We use one cookie, to keep you signed in. It cannot be read by scripts and is not shared with anyone.</p>
        <h2>Your rights</h2>
        <p>
          You can ask for a copy of your data, have it corrected, or have your account deleted (records the law requires us to
          keep, such as purchase records, are kept for the period it requires). Write to{' '}
          <a href={`mailto:${supportContact.email}`}>{supportContact.email}</a>.
        </p>
        <p>
          See also our <Link href={paths.terms}>Terms of Service</Link>.
        </p>
      </Prose>
    </PublicPageLayout>
  );
}
