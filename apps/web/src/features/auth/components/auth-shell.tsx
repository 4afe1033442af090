import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ShieldCheck } from 'lucide-react';
import { paths } from '@/lib/paths';
import { Logo } from '@/components/logo';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

/** The frame of every sign-in page: brand, a single card, a reassurance line. */
export function AuthShell({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-navy-900 via-navy-900 to-navy-800 px-4 py-8 sm:py-14">
      <div className="mx-auto flex w-full max-w-md flex-1 flex-col">
        <Link
          href={paths.home}
          className="mx-auto mb-8 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-gold-400"
          aria-label="Assay home"
        >
          <Logo tone="light" />
        </Link>
        <main>
          <Card className="border-0 shadow-xl">
            <CardHeader className="pb-4">
              <h1 className="text-2xl font-bold text-foreground">{title}</h1>
              {description && <CardDescription className="text-base">{description}</CardDescription>}
            </CardHeader>
            <CardContent>{children}</CardContent>
          </Card>
          {footer && <div className="mt-6 text-center text-sm text-navy-100">{footer}</div>}
        </main>
        <p className="mt-auto flex items-center justify-center gap-2 pt-10 text-xs text-navy-200">
          <ShieldCheck aria-hidden="true" className="size-4 text-gold-400" />
          Encrypted connection. We never share your details.
        </p>
      </div>
    </div>
  );
}

/** A link styled for the dark auth background. */
export function AuthFooterLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="font-semibold text-gold-300 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400 rounded-sm"
    >
      {children}
    </Link>
  );
}
