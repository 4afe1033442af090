import { useId, type ReactNode } from 'react';
import type { ComponentProps } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** A work queue on an appraiser's work area: a titled region with how many items wait in it. */
export function QueuePanel({
  title,
  icon,
  count,
  countTone,
  description,
  children,
  className,
}: {
  title: string;
  icon: ReactNode;
  /** Undefined while loading. */
  count: string | number | undefined;
  countTone: ComponentProps<typeof Badge>['tone'];
  description: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const titleId = useId();
  return (
    <Card className={className} role="region" aria-labelledby={titleId}>
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle id={titleId} className="flex items-center gap-2 [&_svg]:size-5 [&_svg]:text-navy-700">
            <span aria-hidden="true">{icon}</span>
            {title}
          </CardTitle>
          {count !== undefined && (
            <Badge tone={countTone} aria-label={`${count} waiting`}>
              {count}
            </Badge>
          )}
        </div>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
