import { useState } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * A coin's logo, decorative (the name is always written beside it); its initials when there is no image
 * (the simulated market) or the image cannot load (a vendor URL gone, offline).
 */
export function CoinLogo({
  image,
  symbol,
  className,
}: {
  image: string | null;
  symbol: string;
  className?: string;
}) {
  const [failedImage, setFailedImage] = useState<string | null>(null);
  if (image && failedImage !== image)
    return (
      <img
        src={image}
        alt=""
        width={24}
        height={24}
        loading="lazy"
        onError={() => setFailedImage(image)}
        className={cn('size-6 shrink-0 rounded-full', className)}
      />
    );
  return (
    <span
      aria-hidden="true"
      data-testid="coin-initials"
      className={cn(
        'grid size-6 shrink-0 place-items-center rounded-full bg-muted text-[0.6rem] font-semibold',
        className,
      )}
    >
      {symbol.slice(0, 3).toUpperCase()}
    </span>
  );
}
