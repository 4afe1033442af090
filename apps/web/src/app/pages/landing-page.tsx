import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Link } from 'wouter';
import { trackRecordCategoriesOf } from '@assay/domain';
import {
  BadgeCheck,
  Banknote,
  Camera,
  HandCoins,
  HelpCircle,
  LineChart,
  Mail,
  Microscope,
  PackageCheck,
  Phone,
  RotateCcw,
  Scale,
  TrendingUp,
  UserCheck,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { SignInButton } from '@/features/auth/components/sign-in-button';
import { usePayoutRates } from '@/features/payout-rates/api/get-payout-rates';
import { PayoutRatesSummary } from '@/features/payout-rates/components/payout-rates-summary';
import { TrustBadges } from '@/features/business/components/trust-badges';
import { usePricing } from '@/features/pricing/api/get-pricing';
import { LivePricesPanel } from '@/features/pricing/components/live-prices-panel';
import { SpotPriceSummary } from '@/features/pricing/components/spot-price-summary';
import type { QuotePricesState } from '@/features/quote/components/quote-calculator';
import { TrackRecordBlock, TrackRecordNote } from '@/features/track-record/components/track-record-block';
import { paths } from '@/lib/paths';
import { supportContact } from '@/lib/site';
import { RouteErrorBoundary } from '../errors/route-error-boundary';
import { PublicFooter, PublicHeader, SkipLink } from '../layouts/public-layout';

// The calculator's form brings react-hook-form and zod, which would double the JavaScript a visitor
// waits for (issue 15: at most 100 KB gzipped on '/'). The server's HTML already shows it, and
// the browser hydrates it once its chunk has arrived.
const QuoteCalculator = lazy(() =>
  import('@/features/quote/components/quote-calculator').then((m) => ({ default: m.QuoteCalculator })),
);

const PAGE_TITLE = 'Assay — sell gold, silver, platinum, gems and jewelry';

const benefits = [
  {
    icon: <LineChart />,
    title: 'Prices you can check',
    text: 'Our offers follow the live spot prices for gold, silver, platinum and palladium published on this page and refreshed every minute. No hidden spreads, no guesswork.',
  },
  {
    icon: <Microscope />,
    title: 'Experts, not algorithms',
    text: 'Experienced appraisers test purity, weigh every piece on certified scales and value each gem individually, so jewelry and stones are never priced as scrap by default.',
  },
  {
    icon: <UserCheck />,
    title: 'Your choice, no pressure',
    text: 'Accept the offer and get paid, or decline and have your items sent back insured. Nothing is sold, melted or altered until you say yes.',
  },
];

/** SPEC 1: every promise the landing page makes, in one list. */
const promises = [
  {
    icon: <Microscope />,
    title: 'Expert appraisal within 48 hours',
    text: 'Our appraisers examine your items and make a final offer within 48 hours of your parcel arriving.',
  },
  {
    icon: <Banknote />,
    title: 'Paid within 24 hours',
    text: 'Accept the offer and we send your payment by ACH, PayPal or check within 24 hours.',
  },
  {
    icon: <PackageCheck />,
    title: 'Free, insured shipping',
    text: 'A free, prepaid, trackable and fully insured shipping label, e-mailed to you. Sending your items costs nothing.',
  },
  {
    icon: <RotateCcw />,
    title: 'Fair-offer guarantee',
    text: 'If our final offer is 20% or more below your estimate, we ship your items back free of charge.',
  },
  {
    icon: <Mail />,
    title: 'Support that answers',
    text: 'E-mail our support team and you get a reply within 24 hours.',
  },
];

const steps = [
  {
    icon: <Camera />,
    title: 'Submit & Upload',
    text: 'Describe your item, add up to 4 photos and receive a preliminary quote within 24 hours.',
  },
  {
    icon: <Scale />,
    title: 'Expert Appraisal',
    text: 'Ship it free with the prepaid, insured label. Our appraisers make a final offer within 48 hours of receipt.',
  },
  {
    icon: <BadgeCheck />,
    title: 'Accept Offer',
    text: 'Take it or leave it. If the offer is 20% or more below the estimate, return shipping is free.',
  },
  {
    icon: <HandCoins />,
    title: 'Get Paid Fast',
    text: 'Choose ACH, PayPal or check. Payment is sent within 24 hours of accepting.',
  },
];

/** Scrolls to a section and moves keyboard focus to its heading, so the next Tab continues from there. */
function goToSection(id: string) {
  const heading = document.getElementById(`${id}-heading`);
  document.getElementById(id)?.scrollIntoView({ block: 'start' });
  heading?.focus({ preventScroll: true });
}

function Section({
  id,
  title,
  lead,
  children,
  tone = 'light',
}: {
  id: string;
  title: string;
  lead: string;
  children?: ReactNode;
  tone?: 'light' | 'white';
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={tone === 'white' ? 'bg-card' : 'bg-background'}>
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={`${id}-heading`} tabIndex={-1} className="text-3xl font-bold text-navy-900 focus:outline-none sm:text-4xl">
            {title}
          </h2>
          <p className="mt-3 text-lg text-muted-foreground">{lead}</p>
        </div>
        {children && <div className="mt-10">{children}</div>}
      </div>
    </section>
  );
}

function IconBubble({ children, tone = 'gold' }: { children: ReactNode; tone?: 'gold' | 'navy' }) {
  return (
    <span
      aria-hidden="true"
      className={
        tone === 'gold'
          ? 'inline-flex shrink-0 rounded-lg bg-gold-50 p-2.5 text-gold-700 [&_svg]:size-6'
          : 'inline-flex shrink-0 rounded-lg bg-navy-50 p-2.5 text-navy-700 [&_svg]:size-6'
      }
    >
      {children}
    </span>
  );
}

function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden bg-navy-900 text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgb(212_167_44/0.22),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgb(63_97_159/0.35),transparent_60%)]"
      />
      <div className="relative mx-auto max-w-6xl px-4 pb-14 pt-12 sm:px-6 sm:pb-24 sm:pt-24 lg:px-8">
        <div className="grid items-center gap-12 lg:grid-cols-[1.35fr_1fr]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-gold-400/40 bg-gold-400/10 px-3 py-1 text-sm font-medium text-gold-200">
              <TrendingUp aria-hidden="true" className="size-4" />
              Offers based on live market prices
            </p>
            <h1 id="hero-heading" className="mt-6 text-4xl font-bold leading-tight sm:text-5xl lg:text-6xl">
              Sell your gold, silver, platinum, gems and jewelry <span className="text-gold-400">for cash</span>
            </h1>
            <p className="mt-6 max-w-2xl text-lg text-navy-100 sm:text-xl">
              Free insured shipping, an expert appraisal within 48 hours and payment within 24 hours of accepting your offer.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <SignInButton variant="accent" size="lg" className="focus-visible:outline-white">
                Start Selling Now
              </SignInButton>
              <Button
                variant="outline-light"
                size="lg"
                className="focus-visible:outline-white"
                onClick={() => goToSection('learn')}
              >
                How It Works
              </Button>
            </div>
          </div>
          <div className="hidden lg:block">
            <SpotPriceSummary />
          </div>
        </div>
        <TrustBadges />
      </div>
    </section>
  );
}

function Benefits() {
  return (
    <section aria-labelledby="benefits-heading" className="bg-card">
      <h2 id="benefits-heading" className="sr-only">
        Why sell with Assay
      </h2>
      <div className="mx-auto grid max-w-6xl gap-4 px-4 py-12 sm:px-6 md:grid-cols-3 lg:px-8">
        {benefits.map((benefit) => (
          <Card key={benefit.title} className="p-6">
            <IconBubble>{benefit.icon}</IconBubble>
            <h3 className="mt-4 text-lg font-semibold text-navy-900">{benefit.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{benefit.text}</p>
          </Card>
        ))}
      </div>
    </section>
  );
}

function QuoteSection() {
  const pricing = usePricing();
  const payoutRates = usePayoutRates();
  const pricesState: QuotePricesState = pricing.isPending ? 'loading' : pricing.data ? 'ready' : 'error';
  return (
    <Section
      id="calculator"
      title="Get Quote"
      lead="Estimate what your item is worth from its type, weight and condition, at today's prices."
      tone="white"
    >
      <Suspense
        fallback={
          <Card className="px-6 py-12">
            <Spinner label="Loading the calculator..." />
          </Card>
        }
      >
        <QuoteCalculator
          rows={pricing.data}
          pricesState={pricesState}
          payoutRates={payoutRates.data?.rates}
          trackRecordFor={(itemType) => <TrackRecordNote categories={trackRecordCategoriesOf(itemType)} />}
        />
      </Suspense>
      <div className="mt-8">
        <TrackRecordBlock />
      </div>
      <div className="mt-8 flex flex-col items-center gap-3 text-center">
        <p className="text-muted-foreground">Happy with the estimate? Send your item for a free, no-obligation appraisal.</p>
        <SignInButton size="lg">Create Free Account &amp; Sell</SignInButton>
      </div>
    </Section>
  );
}

function HowItWorks() {
  return (
    <Section id="learn" title="How It Works" lead="Four simple steps from your drawer to your bank account.">
      <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, index) => (
          <li key={step.title}>
            <Card className="h-full p-6">
              <div className="flex items-center gap-3">
                <span
                  className="flex size-9 items-center justify-center rounded-full bg-navy-900 text-sm font-bold text-gold-400"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <span aria-hidden="true" className="text-navy-700 [&_svg]:size-5">
                  {step.icon}
                </span>
              </div>
              <h3 className="mt-4 text-lg font-semibold text-navy-900">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{step.text}</p>
            </Card>
          </li>
        ))}
      </ol>

      <div className="mt-12 rounded-xl bg-navy-900 p-6 text-white sm:p-10">
        <h3 className="text-2xl font-bold">Our promises to you</h3>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {promises.map((promise) => (
            <li key={promise.title} className="flex gap-3">
              <span aria-hidden="true" className="mt-0.5 h-fit rounded-md bg-gold-400/15 p-2 text-gold-300 [&_svg]:size-5">
                {promise.icon}
              </span>
              <span>
                <span className="block font-semibold">{promise.title}</span>
                <span className="mt-1 block text-sm leading-relaxed text-navy-100">{promise.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}

function SupportSection() {
  const contactCard = 'flex flex-col items-start gap-3 p-6';
  return (
    <Section
      id="support"
      title="Support"
      lead="Questions about shipping, appraisals or payment? Our team answers every e-mail within 24 hours."
      tone="white"
    >
      <div className="grid gap-4 md:grid-cols-3">
        <Card className={contactCard}>
          <IconBubble tone="navy">
            <Mail />
          </IconBubble>
          <h3 className="text-lg font-semibold text-navy-900">E-mail</h3>
          <a
            href={`mailto:${supportContact.email}`}
            className="rounded-sm font-semibold text-navy-700 underline underline-offset-4 [overflow-wrap:anywhere]"
          >
            {supportContact.email}
          </a>
          <p className="text-sm text-muted-foreground">We reply to every e-mail within 24 hours.</p>
        </Card>
        <Card className={contactCard}>
          <IconBubble tone="navy">
            <Phone />
          </IconBubble>
          <h3 className="text-lg font-semibold text-navy-900">Phone</h3>
          <a href={supportContact.phoneHref} className="rounded-sm font-semibold text-navy-700 underline underline-offset-4">
            {supportContact.phone}
          </a>
          <p className="text-sm text-muted-foreground">Toll-free, {supportContact.hours}.</p>
        </Card>
        <Card className={contactCard}>
          <IconBubble tone="navy">
            <HelpCircle />
          </IconBubble>
          <h3 className="text-lg font-semibold text-navy-900">FAQ</h3>
          <Link href={paths.faq} className="rounded-sm font-semibold text-navy-700 underline underline-offset-4">
            Read the frequently asked questions
          </Link>
          <p className="text-sm text-muted-foreground">
            Insurance, timing, fees, declining an offer, ID checks and how prices are set.
          </p>
        </Card>
      </div>
      <div className="mt-8 flex flex-col items-center gap-3 text-center">
        <p className="text-muted-foreground">Already selling with us? Sign in for answers about your own submissions.</p>
        <SignInButton variant="outline" size="lg" returnTo={paths.faq} aria-describedby="view-faq-means">
          View FAQ
        </SignInButton>
        <p id="view-faq-means" className="text-sm text-muted-foreground">
          You sign in first, then the FAQ opens. Just browsing?{' '}
          <Link href={paths.faq} className="font-medium text-navy-700 underline underline-offset-4">
            Read the FAQ without signing in
          </Link>
          .
        </p>
      </div>
    </Section>
  );
}

/** SPEC 2 "Landing page (visitor)". The pricing and quote features are composed here. */
export function LandingPage() {
  useEffect(() => {
    document.title = PAGE_TITLE;
    // Arriving from another page with /#pricing: the sections exist only after the first render.
    const id = window.location.hash.slice(1);
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, []);

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <PublicHeader />
      <main id="main" className="flex-1">
        <RouteErrorBoundary scope="content">
          <Hero />
          <Benefits />
          <Section
            id="pricing"
            title="Live Market Prices"
            lead="Spot prices for gold, silver, platinum, palladium and gems, refreshed every 60 seconds."
          >
            <PayoutRatesSummary />
            <LivePricesPanel />
          </Section>
          <QuoteSection />
          <HowItWorks />
          <SupportSection />
        </RouteErrorBoundary>
      </main>
      <PublicFooter />
    </div>
  );
}
