import { useState } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * A coin's logo; its initials when there is no image (the simulated market) or the image cannot load (a
 * vendor URL gone, offline). Decorative where the name is written beside it (a table row, a list option);
 * with `label`, a picture with that accessible name (a coin page's heading).
 */
export function CoinLogo({
  image,
  symbol,
  label,
  className,
}: {
  image: string | null;
  symbol: string;
  label?: string;
  className?: string;
}) {
  const [failedImage, setFailedImage] = useState<string | null>(null);
  if (image && failedImage !== image)
    return (
      <img
        src={image}
        alt={label ?? ''}
        width={24}
        height={24}
        loading="lazy"
        onError={() => setFailedImage(image)}
        className={cn('size-6 shrink-0 rounded-full bg-muted', className)}
      />
    );
  return (
    <span
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      data-testid="coin-initials"
      className={cn(
        'grid size-6 shrink-0 place-items-center rounded-full bg-muted text-[0.6rem] font-semibold text-foreground',
        className,
      )}
    >
      {symbol.slice(0, 3).toUpperCase()}
    </span>
  );
}
