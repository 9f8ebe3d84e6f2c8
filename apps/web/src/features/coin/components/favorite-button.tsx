import { Star } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

type FavoriteButtonProps = {
  symbol: string;
  isFavorite: boolean;
  isPending: boolean;
  onToggle: () => void;
};

/** The favourite star of a signed-in user: pressed when the coin is a favourite. */
export function FavoriteButton({ symbol, isFavorite, isPending, onToggle }: FavoriteButtonProps) {
  const { t } = useTranslation('coin');
  return (
    <Button
      variant="secondary"
      size="icon"
      aria-pressed={isFavorite}
      aria-label={t(isFavorite ? 'actions.unfavorite' : 'actions.favorite', { symbol })}
      disabled={isPending}
      onClick={onToggle}
    >
      <Star aria-hidden="true" className={cn(isFavorite && 'fill-primary text-primary')} />
    </Button>
  );
}

/** A visitor's star: it asks to sign in (favourites and alerts live in the account), then comes back here. */
export function SignInStar({ symbol, returnPath }: { symbol: string; returnPath: string }) {
  const { t } = useTranslation('coin');
  const next = `?next=${encodeURIComponent(returnPath)}`;
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="secondary" size="icon" aria-label={t('actions.favorite', { symbol })}>
          <Star aria-hidden="true" />
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={6}
          collisionPadding={12}
          className="z-50 flex max-w-72 flex-col gap-2 rounded-md border border-border bg-popover p-4 text-sm shadow-lg shadow-black/40"
        >
          <p className="font-semibold">{t('signIn.title', { symbol })}</p>
          <p className="text-muted-foreground">{t('signIn.description')}</p>
          <div className="flex flex-wrap gap-2">
            <Button asChild size="sm">
              <Link to={`/login${next}`}>{t('signIn.login')}</Link>
            </Button>
            <Button asChild size="sm" variant="ghost">
              <Link to={`/register${next}`}>{t('signIn.register')}</Link>
            </Button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
