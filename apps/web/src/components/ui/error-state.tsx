import { RotateCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';

export type ErrorStateProps = {
  title?: ReactNode;
  /** Usually the (already translated) error message from the server. */
  description?: ReactNode;
  onRetry?: () => void;
  isRetrying?: boolean;
  className?: string;
};

/** A failed load with a retry button ("Tentar Novamente"). */
export function ErrorState({ title, description, onRetry, isRetrying = false, className }: ErrorStateProps) {
  const { t } = useTranslation('common');
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-lg border border-danger/30 bg-danger/5 px-6 py-8 text-center',
        className,
      )}
    >
      <TriangleAlert aria-hidden="true" className="size-7 text-danger" />
      <div className="flex flex-col gap-1">
        <p className="font-medium">{title ?? t('states.error')}</p>
        {description ? <p className="max-w-md text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry} disabled={isRetrying}>
          <RotateCw aria-hidden="true" className={cn(isRetrying && 'animate-spin')} />
          {t('actions.retry')}
        </Button>
      ) : null}
    </div>
  );
}

/** A failure inside running text (one answer of a list), with its retry button beside it. */
export function InlineErrorState({
  message,
  onRetry,
  isRetrying = false,
}: {
  message: ReactNode;
  onRetry: () => void;
  isRetrying?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <span role="alert" className="flex flex-wrap items-center gap-3">
      <span>{message}</span>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={isRetrying}>
        <RotateCw aria-hidden="true" className={cn(isRetrying && 'animate-spin')} />
        {t('actions.retry')}
      </Button>
    </span>
  );
}
