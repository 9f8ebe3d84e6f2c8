import { useState } from 'react';
import { cn } from '../../../lib/cn.ts';

/** The coin's logo; its initials in a circle when there is none or it fails to load. */
export function CoinLogo({
  image,
  name,
  symbol,
  label,
  className,
}: {
  image: string | null;
  name: string;
  symbol: string;
  /** Accessible name of the picture. */
  label: string;
  className?: string;
}) {
  const [hasFailed, setHasFailed] = useState(false);
  const size = cn('size-12 shrink-0 rounded-full', className);
  if (!image || hasFailed) {
    return (
      <span
        role="img"
        aria-label={label}
        title={name}
        className={cn(size, 'grid place-items-center bg-muted text-sm font-semibold text-foreground')}
      >
        {symbol.slice(0, 3)}
      </span>
    );
  }
  return <img src={image} alt={label} className={cn(size, 'bg-muted')} onError={() => setHasFailed(true)} />;
}
