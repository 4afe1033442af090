import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '@/lib/paths';
import {
  APPRAISAL_WITHIN_HOURS_OF_RECEIPT,
  BUYERS_PREMIUM_BASIS_POINTS,
  FREE_RETURN_SHORTFALL_PERCENT,
  LISTING_FEE_CENTS,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_SUBMISSION,
  PAYMENT_WITHIN_HOURS,
  PAYPAL_FEE_BASIS_POINTS,
  PAYPAL_FEE_FIXED_CENTS,
  PRELIMINARY_QUOTE_WITHIN_HOURS,
  SUPPORT_RESPONSE_WITHIN_HOURS,
  conditionBands,
  conditionLabels,
  conditions,
  consignmentTiers,
  formatCents,
  payoutMethods,
  payoutTimingSentence,
  guaranteeTermsSentence,
  goldItemTypes,
  itemTypeLabels,
  karatPurities,
  publishedRules,
} from '@assay/domain';
import { useBusiness } from '@/lib/business';
import { supportContact } from '@/lib/site';
import { Prose, PublicPageLayout } from '../layouts/public-layout';

const percent = (basisPoints: number) => `${basisPoints / 100}%`;
const imageLimitMb = MAX_IMAGE_BYTES / (1024 * 1024);

type Question = { id: string; question: string; answer: ReactNode };

/**
 * Each method's timing for the rails configured here (GET /api/business): PayPal is "instant" only
 * when the PayPal Payouts rail sends it; until the identity is read, the careful wording.
 */
function PaymentTiming() {
  const rails = useBusiness().data?.payoutRails;
  return (
    <>
      Payment sent within {PAYMENT_WITHIN_HOURS} hours of accepting.{' '}
      {payoutMethods.map((method) => payoutTimingSentence(method, rails?.[method])).join(' ')}
    </>
  );
}

/** Decision 036: the guaranteed floor's terms, from GET /api/business, in the domain's one sentence. */
function GuaranteedFloorAnswer() {
  const guarantee = useBusiness().data?.guarantee;
  return (
    <>
      <p>
        {guarantee
          ? guaranteeTermsSentence(guarantee)
          : 'When you name the metal, its karat and the weight, your quote carries a guaranteed floor for the final offer.'}
      </p>
      <p>
        If you accept such an offer, the goodwill is added to your payout. If you decline it, you claim the goodwill from the
        submission&apos;s page and choose how to be paid, as when accepting an offer.
      </p>
    </>
  );
}

/**
 * The rule that gates payment, read from the same table (issue 27 item 8): the general rule, then
 * each state that asks more. Rendered with the business's vault state, which the page's data carries.
 */
function StateRulesAnswer() {
  const { data: business } = useBusiness();
  const rules = business?.receivingState ? publishedRules(business.receivingState) : null;
  return (
    <>
      <p>
        Precious-metal dealers must know who they buy from, and the law of your state (and of the state we receive parcels in)
        decides what we ask before paying. You will see the rule for your state on the submission form and when you enter your
        address, before you ship anything.
      </p>
      {rules ? (
        <>
          <p>Everywhere, unless your state asks more:</p>
          <ul>
            {rules.general.map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
          {rules.exceptions.map((state) => (
            <div key={state.code}>
              <p>Sellers in {state.name}:</p>
              <ul>
                {state.sentences.map((sentence) => (
                  <li key={sentence}>{sentence}</li>
                ))}
              </ul>
            </div>
          ))}
        </>
      ) : null}
      <p>
        To verify your identity you upload a photo of a government-issued ID and confirm your details, and one of our team
        approves it. Your offer stays reserved while we check; the payment goes out as soon as your identity is confirmed.
      </p>
    </>
  );
}

// The figures come from @assay/domain, so the answers cannot drift from the rules the app applies.
const questions: Question[] = [
  {
    id: 'insurance',
    question: 'Are my items insured while they are shipped?',
    answer: (
      <>
        <p>
          Yes. Every parcel travels on a free, prepaid and trackable label that we e-mail to you, and it is insured for its value
          from the moment the carrier scans it until it reaches our secure facility. It stays insured while we hold it, and on the
          way back to you if you decline our offer.
        </p>
        <p>
          Pack your items securely in a plain box, keep the tracking number, and do not write what is inside on the outside of the
          parcel.
        </p>
      </>
    ),
  },
  {
    id: 'timing',
    question: 'How long does it all take?',
    answer: (
      <ul>
        <li>A preliminary quote within {PRELIMINARY_QUOTE_WITHIN_HOURS} hours of submitting your item with photos.</li>
        <li>An expert appraisal and final offer within {APPRAISAL_WITHIN_HOURS_OF_RECEIPT} hours of your parcel arriving.</li>
        <li>
          <PaymentTiming />
        </li>
      </ul>
    ),
  },
  {
    id: 'guaranteed-floor',
    question: 'Is there a minimum my offer will be?',
    answer: <GuaranteedFloorAnswer />,
  },
  {
    id: 'declining',
    question: 'What happens if I decline the offer?',
    answer: (
      <>
        <p>
          Declining is always your choice, and nothing is sold, melted or altered before you accept. We send your items back fully
          insured and trackable.
        </p>
        <p>
          If our final offer is {FREE_RETURN_SHORTFALL_PERCENT}% or more below the estimate we gave you (the middle of your
          preliminary quote), the return shipping is free.
        </p>
      </>
    ),
  },
  {
    id: 'fees',
    question: 'Are there any fees?',
    answer: (
      <>
        <p>
          The appraisal, the shipping label to us and payouts by ACH or check are free. PayPal payouts carry PayPal&apos;s fee of{' '}
          {percent(PAYPAL_FEE_BASIS_POINTS)} plus {formatCents(PAYPAL_FEE_FIXED_CENTS)}, which we show you before you confirm.
        </p>
        <p>
          If you choose to sell on consignment instead of selling to us outright, we charge a commission on the sale price (
          {consignmentTiers.map((tier) => `${percent(tier.commissionBasisPoints)} ${tier.label.toLowerCase()}`).join(', ')}) and a
          listing preparation fee of {formatCents(LISTING_FEE_CENTS)} per item. Buyers pay a{' '}
          {percent(BUYERS_PREMIUM_BASIS_POINTS)} premium on top, which does not reduce your payout.
        </p>
      </>
    ),
  },
  {
    id: 'id-verification',
    question: 'Why would you ask for my ID, and what does my state ask?',
    answer: <StateRulesAnswer />,
  },
  {
    id: 'prices',
    question: 'How are your prices set?',
    answer: (
      <>
        <p>
          Metal prices follow the live spot market, refreshed every 60 seconds and shown on our{' '}
          <a href={paths.landingSection('pricing')}>live prices table</a>. Karat gold is priced from fine gold by its purity (
          {goldItemTypes.map((type) => `${itemTypeLabels[type]} ${karatPurities[type]}`).join(', ')}). Gems are priced per carat
          from reference prices our appraisers set and review.
        </p>
        <p>
          The <a href={paths.landingSection('calculator')}>quote calculator</a> turns the weight and price into a range by
          condition ({conditions.map((c) => `${conditionLabels[c].toLowerCase()} ${conditionBands[c].label}`).join(', ')}). Your
          final offer comes after an appraiser has tested the purity, weighed the item and valued any stones.
        </p>
      </>
    ),
  },
  {
    id: 'photos',
    question: 'What happens to the photos I upload?',
    answer: (
      <>
        <p>
          You can add up to {MAX_IMAGES_PER_SUBMISSION} photos per item (JPEG, PNG, WebP or HEIC, up to {imageLimitMb} MB each).
          They are private: only you and our appraisers can see them, and we remove location data from them when they are
          uploaded.
        </p>
        <p>
          We use them only to appraise your item and keep them with your submission record. See our{' '}
          <Link href={paths.privacy}>Privacy Policy</Link> for details.
        </p>
      </>
    ),
  },
];

export function FaqPage() {
  return (
    <PublicPageLayout
      title="Frequently asked questions"
      lead="Straight answers about insurance, timing, fees, ID checks, prices and your photos."
    >
      <nav aria-label="Questions" className="mb-10 rounded-lg border border-border bg-card p-5">
        <ul className="flex flex-col gap-2 text-sm">
          {questions.map((q) => (
            <li key={q.id}>
              <a href={`#${q.id}`} className="font-medium text-navy-700 underline-offset-4 hover:underline">
                {q.question}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <Prose>
        {questions.map((q) => (
          <section key={q.id} id={q.id} aria-labelledby={`${q.id}-q`} className="flex flex-col gap-3">
            <h2 id={`${q.id}-q`}>{q.question}</h2>
            {q.answer}
          </section>
        ))}
        <h2>Still have a question?</h2>
        <p>
          E-mail <a href={`mailto:${supportContact.email}`}>{supportContact.email}</a> (we answer within{' '}
          {SUPPORT_RESPONSE_WITHIN_HOURS} hours) or call <a href={supportContact.phoneHref}>{supportContact.phone}</a>,{' '}
          {supportContact.hours}.
        </p>
      </Prose>
    </PublicPageLayout>
  );
}
