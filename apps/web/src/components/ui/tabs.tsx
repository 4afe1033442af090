import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

export type TabItem<V extends string> = {
  value: V;
  label: string;
  /** Shown in a small pill after the label (and so part of the tab's accessible name). */
  count?: number;
};

type TabsProps<V extends string> = {
  items: readonly TabItem<V>[];
  value: V;
  onValueChange: (value: V) => void;
  /** Accessible name of the tab list. */
  label: string;
  children: ReactNode;
  className?: string;
};

/**
 * WAI-ARIA tabs (automatic activation): arrow keys, Home and End move between tabs, the active
 * tab is the only one in the tab order, and one panel labelled by the active tab follows.
 */
export function Tabs<V extends string>({ items, value, onValueChange, label, children, className }: TabsProps<V>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<V, HTMLButtonElement>());
  const tabId = (v: V) => `${baseId}-tab-${v}`;
  const panelId = `${baseId}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.value === value);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    const nextItem = items[next];
    if (!nextItem) return;
    event.preventDefault();
    onValueChange(nextItem.value);
    tabRefs.current.get(nextItem.value)?.focus();
  };

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex w-full flex-wrap gap-1 rounded-lg bg-muted p-1 sm:inline-flex sm:w-auto"
      >
        {items.map((item) => {
          const selected = item.value === value;
          return (
            <button
              key={item.value}
              ref={(el) => {
                if (el) tabRefs.current.set(item.value, el);
                else tabRefs.current.delete(item.value);
              }}
              type="button"
              role="tab"
              id={tabId(item.value)}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              onClick={() => onValueChange(item.value)}
              className={cn(
                'inline-flex flex-auto cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors sm:flex-none',
                'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                selected ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {item.label}
              {item.count !== undefined && (
                <span
                  className={cn(
                    'rounded-full px-1.5 py-px text-xs font-semibold tabular-nums',
                    selected ? 'bg-navy-900 text-white' : 'bg-white/70 text-muted-foreground',
                  )}
                >
                  {item.count}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(value)}
        tabIndex={0}
        className="mt-4 rounded-lg focus-visible:outline-2 focus-visible:outline-ring"
      >
        {children}
      </div>
    </div>
  );
}
