import type { ReactNode } from 'react';
import {
  Award,
  BadgeCheck,
  Banknote,
  Calculator,
  Camera,
  Clock,
  HandCoins,
  LifeBuoy,
  Lock,
  Microscope,
  PackageCheck,
  RotateCcw,
  TrendingUp,
  Truck,
} from 'lucide-react';
import { Logo } from '@/components/logo';
import { Card } from '@/components/ui/card';
import { SignInButton } from '@/features/auth/components/sign-in-button';
import { Button } from '@/components/ui/button';

const sections = [
  { id: 'pricing', label: 'Prices' },
  { id: 'calculator', label: 'Get Quote' },
  { id: 'learn', label: 'How It Works' },
  { id: 'support', label: 'Support' },
] as const;

const trustBadges = [
  { icon: <Lock />, label: 'SSL Secure' },
  { icon: <Truck />, label: 'Insured Shipping' },
  { icon: <Award />, label: 'Expert Appraisers' },
  { icon: <Clock />, label: '48-Hour Guarantee' },
];

const benefits = [
  {
    icon: <Microscope />,
    title: 'Expert appraisal in 48 hours',
    text: 'Certified appraisers assess every item within 48 hours of receiving it, against live market prices.',
  },
  {
    icon: <Banknote />,
    title: 'Paid within 24 hours',
    text: 'Accept your offer and get paid by ACH bank transfer, PayPal or check, starting within 24 hours.',
  },
  {
    icon: <PackageCheck />,
    title: 'Free, insured shipping',
    text: 'We e-mail you a prepaid, trackable and fully insured label. Sending your items costs you nothing.',
  },
];

const promises = [
  { icon: <Clock />, title: 'Quote within 24 hours', text: 'A preliminary range as soon as you submit photos.' },
  { icon: <Truck />, title: 'Free, insured shipping', text: 'Prepaid, trackable label sent by e-mail.' },
  { icon: <Microscope />, title: 'Appraisal within 48 hours', text: 'Counted from the moment your parcel arrives.' },
  { icon: <RotateCcw />, title: 'Fair-offer guarantee', text: 'Offer 20% or more below the estimate? Return shipping is free.' },
];

const steps = [
  { icon: <Camera />, title: 'Submit & Upload', text: 'Describe your item, add up to 4 photos and receive a preliminary quote within 24 hours.' },
  { icon: <Microscope />, title: 'Expert Appraisal', text: 'Ship it free with the prepaid label. Our appraisers make a final offer within 48 hours of receipt.' },
  { icon: <BadgeCheck />, title: 'Accept Offer', text: 'Take it or leave it. If the offer is 20% or more below the estimate, return shipping is free.' },
  { icon: <HandCoins />, title: 'Get Paid Fast', text: 'Choose ACH, PayPal or check. Payment is initiated within 24 hours of accepting.' },
];

function scrollToSection(id: string) {
  document.getElementById(id)?.scrollIntoView({ block: 'start' });
}

function Section({ id, title, lead, children, tone = 'light' }: { id: string; title: string; lead: string; children?: ReactNode; tone?: 'light' | 'white' }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={tone === 'white' ? 'bg-card' : 'bg-background'}>
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={`${id}-heading`} className="text-3xl font-bold text-navy-900 sm:text-4xl">
            {title}
          </h2>
          <p className="mt-3 text-lg text-muted-foreground">{lead}</p>
        </div>
        {children && <div className="mt-10">{children}</div>}
      </div>
    </section>
  );
}

function VisitorHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-navy-900/95 backdrop-blur supports-[backdrop-filter]:bg-navy-900/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <a href="/" aria-label="Assay home" className="rounded-md focus-visible:outline-gold-400">
          <Logo tone="light" />
        </a>
        <nav aria-label="Sections" className="hidden md:block">
          <ul className="flex items-center gap-6 text-sm font-medium text-navy-100">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="rounded-sm hover:text-white focus-visible:outline-gold-400">
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <SignInButton variant="accent">Get Started</SignInButton>
      </div>
    </header>
  );
}

export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <VisitorHeader />
      <main className="flex-1">
        <section aria-labelledby="hero-heading" className="relative overflow-hidden bg-navy-900 text-white">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgb(212_167_44/0.22),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgb(63_97_159/0.35),transparent_60%)]"
          />
          <div className="relative mx-auto max-w-6xl px-4 pb-16 pt-14 sm:px-6 sm:pb-24 sm:pt-24 lg:px-8">
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
                  <SignInButton variant="accent" size="lg">
                    Start Selling Now
                  </SignInButton>
                  <Button variant="outline-light" size="lg" onClick={() => scrollToSection('learn')}>
                    How It Works
                  </Button>
                </div>
              </div>
              <div className="hidden rounded-xl border border-white/10 bg-white/[0.06] p-6 shadow-2xl backdrop-blur lg:block">
                <p className="text-sm font-semibold uppercase tracking-wider text-gold-300">Our promise to you</p>
                <ul className="mt-5 flex flex-col gap-4">
                  {promises.map((promise) => (
                    <li key={promise.title} className="flex gap-3">
                      <span aria-hidden="true" className="mt-0.5 h-fit rounded-md bg-gold-400/15 p-1.5 text-gold-300 [&_svg]:size-4">
                        {promise.icon}
                      </span>
                      <span>
                        <span className="block font-semibold text-white">{promise.title}</span>
                        <span className="block text-sm text-navy-200">{promise.text}</span>
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
            <ul aria-label="Why sellers trust Assay" className="mt-12 grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4">
              {trustBadges.map((badge) => (
                <li
                  key={badge.label}
                  className="flex items-center gap-2 rounded-lg border border-white/10 bg-white/5 px-3 py-3 text-sm font-semibold text-white [&_svg]:size-5 [&_svg]:shrink-0 [&_svg]:text-gold-400"
                >
                  <span aria-hidden="true">{badge.icon}</span>
                  {badge.label}
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-label="Benefits" className="bg-card">
          <div className="mx-auto grid max-w-6xl gap-4 px-4 py-12 sm:px-6 md:grid-cols-3 lg:px-8">
            {benefits.map((benefit) => (
              <Card key={benefit.title} className="p-6">
                <span aria-hidden="true" className="inline-flex rounded-lg bg-gold-50 p-2.5 text-gold-700 [&_svg]:size-6">
                  {benefit.icon}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-navy-900">{benefit.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{benefit.text}</p>
              </Card>
            ))}
          </div>
        </section>

        <Section id="pricing" title="Live Market Prices" lead="Spot prices for gold, silver, platinum, palladium and gems, refreshed every 60 seconds.">
          <Card className="mx-auto flex max-w-3xl flex-col items-center gap-3 px-6 py-10 text-center">
            <span aria-hidden="true" className="rounded-full bg-navy-50 p-3 text-navy-700">
              <TrendingUp className="size-6" />
            </span>
            <p className="font-semibold text-navy-900">Live prices appear here.</p>
            <p className="max-w-md text-sm text-muted-foreground">
              Per ounce, per gram and 24-hour change for every metal and gem we buy, straight from the market feed.
            </p>
          </Card>
        </Section>

        <Section id="calculator" title="Get Quote" lead="Estimate what your item is worth from its type, weight and condition." tone="white">
          <Card className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-6 py-10 text-center">
            <span aria-hidden="true" className="rounded-full bg-gold-50 p-3 text-gold-700">
              <Calculator className="size-6" />
            </span>
            <p className="max-w-md text-muted-foreground">
              Create a free account and submit your item with a few photos: you receive a preliminary quote within 24 hours.
            </p>
            <SignInButton size="lg">Create Free Account &amp; Sell</SignInButton>
          </Card>
        </Section>

        <Section id="learn" title="How It Works" lead="Four simple steps from your drawer to your bank account.">
          <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {steps.map((step, index) => (
              <li key={step.title}>
                <Card className="h-full p-6">
                  <div className="flex items-center gap-3">
                    <span className="flex size-9 items-center justify-center rounded-full bg-navy-900 text-sm font-bold text-gold-400" aria-hidden="true">
                      {index + 1}
                    </span>
                    <span aria-hidden="true" className="text-navy-700 [&_svg]:size-5">
                      {step.icon}
                    </span>
                  </div>
                  <h3 className="mt-4 text-lg font-semibold text-navy-900">{step.title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{step.text}</p>
                </Card>
              </li>
            ))}
          </ol>
        </Section>

        <Section id="support" title="Support" lead="Questions about shipping, appraisals or payment? Our team answers every e-mail within 24 hours." tone="white">
          <div className="flex flex-col items-center gap-3">
            <span aria-hidden="true" className="rounded-full bg-navy-50 p-3 text-navy-700">
              <LifeBuoy className="size-6" />
            </span>
            <SignInButton variant="outline" size="lg">
              View FAQ
            </SignInButton>
          </div>
        </Section>
      </main>

      <footer className="bg-navy-950 text-navy-200">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <div className="flex flex-col gap-2">
            <Logo tone="light" />
            <p className="text-sm">Buying precious metals, gems and jewelry at fair, market-based prices.</p>
          </div>
          <nav aria-label="Footer">
            <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className="rounded-sm hover:text-white focus-visible:outline-gold-400">
                    {section.label === 'Support' ? 'Contact' : section.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <p className="border-t border-white/10 py-4 text-center text-xs text-navy-300">© {new Date().getFullYear()} Assay. All rights reserved.</p>
      </footer>
    </div>
  );
}
