import { useEffect, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

// Long enough to catch the eye, short enough to be over before the next tick (about one a second).
const FLASH_MS = 600;

type Flash = { value: number | null; direction: 'up' | 'down' | null; count: number };

/**
 * A figure that glows green when `value` rises and red when it falls, then fades. Only the background is
 * animated (no size change, so nothing around it moves); with reduced motion there is no animation, the
 * figure still changes. `data-flash` says which way it last moved while the glow lasts.
 */
export function PriceFlash({
  value,
  children,
  className,
}: {
  value: number | null;
  children: ReactNode;
  className?: string;
}) {
  const [flash, setFlash] = useState<Flash>({ value, direction: null, count: 0 });
  // a new value starts a new glow (React's "adjust state when a prop changes", without an extra render pass)
  if (value !== flash.value) {
    const direction =
      value === null || flash.value === null ? null : value > flash.value ? 'up' : ('down' as const);
    setFlash({ value, direction, count: flash.count + 1 });
  }
  useEffect(() => {
    if (!flash.direction) return;
    const timer = setTimeout(() => setFlash((current) => ({ ...current, direction: null })), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash.direction, flash.count]);
  return (
    <span
      // a new key restarts the animation when the price moves the same way twice in a row
      key={flash.count}
      data-flash={flash.direction ?? undefined}
      className={cn(
        'rounded-sm',
        flash.direction === 'up' && 'motion-safe:animate-flash-up',
        flash.direction === 'down' && 'motion-safe:animate-flash-down',
        className,
      )}
    >
      {children}
    </span>
  );
}
