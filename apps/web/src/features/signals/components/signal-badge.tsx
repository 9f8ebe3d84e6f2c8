import type { SignalValue } from '@farol/contract';
import { TrendingDown, TrendingUp, Minus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';

// Green for the buy side, red for the sell side; the strong ones are filled.
const looks: Record<SignalValue, { variant: 'success' | 'danger' | 'neutral'; className?: string }> = {
  strong_buy: { variant: 'success', className: 'bg-success text-success-foreground' },
  buy: { variant: 'success' },
  neutral: { variant: 'neutral' },
  sell: { variant: 'danger' },
  // red-700 under white text: the brighter danger red does not reach WCAG AA contrast behind small text
  strong_sell: { variant: 'danger', className: 'bg-red-700 text-white' },
};

export function SignalBadge({ signal, className }: { signal: SignalValue; className?: string }) {
  // The same names the server uses in its signal texts (namespace `signals`).
  const { t } = useTranslation('signals');
  const look = looks[signal];
  const Icon = look.variant === 'success' ? TrendingUp : look.variant === 'danger' ? TrendingDown : Minus;
  return (
    <Badge variant={look.variant} className={cn('whitespace-nowrap', look.className, className)}>
      <Icon aria-hidden="true" className="size-3" />
      {t(`signal.${signal}`)}
    </Badge>
  );
}
