import { cn } from '@/lib/utils';

/** The Assay mark (a cut-gem outline) and word mark. Decorative mark; the word is the name. */
export function Logo({ className, tone = 'dark' }: { className?: string; tone?: 'dark' | 'light' }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-bold tracking-tight', className)}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="7" fill={tone === 'dark' ? '#0b1f3a' : '#ffffff1a'} />
        <path d="M16 5.5 26 16 16 26.5 6 16Z" fill="none" stroke="#d4a72c" strokeWidth="2.4" strokeLinejoin="round" />
        <path
          d="M6.5 16h19M16 5.5l-4 10.5 4 10.5 4-10.5Z"
          fill="none"
          stroke="#d4a72c"
          strokeWidth="1.4"
          strokeLinejoin="round"
        />
      </svg>
      <span className={cn('text-xl', tone === 'dark' ? 'text-navy-900' : 'text-white')}>Assay</span>
    </span>
  );
}
