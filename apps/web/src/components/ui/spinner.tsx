import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';

/** Spinning indicator announced to screen readers as "loading" unless a label is given. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation('common');
  return (
    <span role="status" className={cn('inline-flex items-center text-muted-foreground', className)}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      <span className="sr-only">{label ?? t('states.loading')}</span>
    </span>
  );
}

/** Centred spinner filling a page or a card while its data loads. */
export function LoadingState({ label, className }: { label?: string; className?: string }) {
  return (
    <div className={cn('flex min-h-40 items-center justify-center', className)}>
      <Spinner label={label} className="[&_svg]:size-7" />
    </div>
  );
}

/** A spinner with its label in view, inside running text (an answer whose figures are on their way). */
export function InlineLoading({ label }: { label: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-muted-foreground">
      <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
      {label}
    </span>
  );
}
