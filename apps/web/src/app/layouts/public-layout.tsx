import { useEffect, type ReactNode } from 'react';
import { Link } from 'wouter';
import { streetAddress } from '@assay/domain';
import { Logo } from '@/components/logo';
import { useBusiness } from '@/lib/business';
import { ExampleMarker } from '@/features/business/components/example-marker';
import { SignInButton } from '@/features/auth/components/sign-in-button';
import { paths } from '@/lib/paths';
import { supportContact } from '@/lib/site';
import { RouteErrorBoundary } from '../errors/route-error-boundary';

/** The landing page's anchored sections (SPEC 2), linked from the header and the footer. */
export const landingSections = [
  { id: 'pricing', label: 'Prices' },
  { id: 'calculator', label: 'Get Quote' },
  { id: 'learn', label: 'How It Works' },
  { id: 'support', label: 'Support' },
] as const;

const legalLinks = [
  { href: paths.about, label: 'About Assay' },
  { href: paths.privacy, label: 'Privacy Policy' },
  { href: paths.terms, label: 'Terms of Service' },
  { href: paths.contact, label: 'Contact' },
  { href: paths.faq, label: 'FAQ' },
] as const;

const navLink = 'rounded-sm hover:text-white focus-visible:outline-gold-400';

/**
 * The landing sections as a list of links; the header and the footer lay them out their own way.
 * The header's lists end with About (who Assay is), on a phone as on a desktop.
 */
function SectionLinks({ className, withAbout = false }: { className: string; withAbout?: boolean }) {
  return (
    <ul className={className}>
      {landingSections.map((section) => (
        <li key={section.id}>
          <a href={paths.landingSection(section.id)} className={navLink}>
            {section.label}
          </a>
        </li>
      ))}
      {withAbout && (
        <li>
          <Link href={paths.about} className={navLink}>
            About
          </Link>
        </li>
      )}
    </ul>
  );
}

export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-card focus:px-3 focus:py-2 focus:text-foreground focus:shadow"
    >
      Skip to content
    </a>
  );
}

/**
 * Marks the document once a public page is hydrated, i.e. its buttons answer: the server's HTML
 * shows them before the JavaScript has attached anything, and the journeys wait for this mark
 * before they click (e2e/support/fixtures.ts).
 */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/** SPEC 2: the visitor header with its 'Get Started' button (to /api/login). */
export function PublicHeader() {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
  }, []);
  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-navy-900/95 backdrop-blur supports-[backdrop-filter]:bg-navy-900/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link href={paths.home} aria-label="Assay home" className="rounded-md focus-visible:outline-gold-400">
          <Logo tone="light" />
        </Link>
        <nav aria-label="Sections" className="hidden md:block">
          <SectionLinks className="flex items-center gap-6 text-sm font-medium text-navy-100" withAbout />
        </nav>
        <SignInButton variant="accent" className="focus-visible:outline-white">
          Get Started
        </SignInButton>
      </div>
      {/* On a phone the sections get a row of their own under the logo (the desktop row has no room there). */}
      <nav aria-label="Sections" className="border-t border-white/10 md:hidden">
        <SectionLinks
          className="mx-auto flex h-10 max-w-6xl items-center justify-between gap-3 overflow-x-auto px-4 text-sm font-medium whitespace-nowrap text-navy-100"
          withAbout
        />
      </nav>
    </header>
  );
}

/**
 * Who Assay is, as every footer's last line says it: the legal name and address, and a link to the
 * licences, insurance and appraisers. `tone` matches the footer it sits in.
 */
export function FooterIdentity({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  // The year in UTC, as the server renders it: on New Year's Eve a visitor's own year could differ.
  const { data: business } = useBusiness();
  if (!business) return <>© {new Date().getUTCFullYear()} Assay. All rights reserved.</>;
  const link =
    tone === 'dark'
      ? `${navLink} underline underline-offset-4`
      : 'rounded-sm font-medium text-navy-700 underline underline-offset-4 hover:text-navy-900';
  return (
    <>
      © {new Date().getUTCFullYear()} {business.legalName}. All rights reserved.{' '}
      {business.example && <ExampleMarker className="ml-1 align-middle" />}
      <br />
      <span className={tone === 'dark' ? 'text-navy-300' : undefined}>{streetAddress(business.address)}</span>
      {' · '}
      <Link href={paths.about} className={link}>
        Licences, insurance and appraisers
      </Link>
    </>
  );
}

/** SPEC 2: the footer with Privacy Policy, Terms of Service and Contact. */
export function PublicFooter() {
  return (
    <footer className="bg-navy-950 text-navy-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-[1.4fr_1fr_1fr] lg:px-8">
        <div className="flex flex-col gap-3">
          <Logo tone="light" />
          <p className="max-w-xs text-sm">Buying precious metals, gems and jewelry at fair, market-based prices.</p>
          <p className="text-sm">
            <a href={`mailto:${supportContact.email}`} className={`${navLink} underline-offset-4 hover:underline`}>
              {supportContact.email}
            </a>
            <br />
            <a href={supportContact.phoneHref} className={`${navLink} underline-offset-4 hover:underline`}>
              {supportContact.phone}
            </a>
          </p>
        </div>
        <nav aria-label="On this site">
          <h2 className="text-sm font-semibold text-white">Sell with Assay</h2>
          <SectionLinks className="mt-3 flex flex-col gap-2 text-sm" />
        </nav>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold text-white">Company</h2>
          <ul className="mt-3 flex flex-col gap-2 text-sm">
            {legalLinks.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className={navLink}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-white/10 px-4 py-4 text-center text-xs leading-relaxed text-navy-200">
        <FooterIdentity />
      </p>
    </footer>
  );
}

/** A short public text page (FAQ, privacy, terms, contact) under the visitor header. */
export function PublicPageLayout({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  useEffect(() => {
    // wouter keeps the scroll position of the page a link was clicked on; a new page starts at its top.
    window.scrollTo(0, 0);
    document.title = `${title} — Assay`;
  }, [title]);
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <PublicHeader />
      <main id="main" className="flex-1">
        <RouteErrorBoundary scope="content">
          <div className="bg-navy-900 text-white">
            <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
              <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
              {lead && <p className="mt-3 text-lg text-navy-100">{lead}</p>}
            </div>
          </div>
          <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">{children}</div>
        </RouteErrorBoundary>
      </main>
      <PublicFooter />
    </div>
  );
}

/** Body text for the public pages: headings, paragraphs and lists with readable spacing. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 text-base leading-relaxed text-foreground [&_a]:font-medium [&_a]:text-navy-700 [&_a]:underline [&_a]:underline-offset-4 [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-navy-900 [&_li]:ml-5 [&_li]:list-disc [&_ul]:flex [&_ul]:flex-col [&_ul]:gap-1.5">
      {children}
    </div>
  );
}
