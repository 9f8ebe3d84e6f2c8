import type { KeyProvider } from '@farol/contract';
import { ArrowLeft, Settings, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useClearChatMutation } from '../api/chat-api.ts';

export type ChatHeaderProps = {
  preferredProvider: KeyProvider;
  /** Whether a key is stored for the preferred provider; undefined while unknown. */
  hasKey: boolean | undefined;
  hasHistory: boolean;
};

/** Breadcrumb, active model, the 50+ indicators badge, settings shortcut, clear history and back. */
export function ChatHeader({ preferredProvider, hasKey, hasHistory }: ChatHeaderProps) {
  const { t } = useTranslation('chatPage');
  // Without a key for the chosen provider the server's built-in analyst answers (aiProvider technical_analysis).
  const activeProvider = hasKey === false ? 'technical_analysis' : preferredProvider;
  return (
    <header className="flex flex-col gap-3">
      <nav aria-label={t('breadcrumb.label')} className="text-xs text-muted-foreground">
        <ol className="flex items-center gap-1.5">
          <li>
            <Link to="/dashboard" className="hover:text-foreground">
              {t('breadcrumb.dashboard')}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="text-foreground">
            {t('title')}
          </li>
        </ol>
      </nav>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span>
              {t('poweredBy')}{' '}
              <span className="font-medium text-foreground" data-testid="chat-provider">
                {hasKey === undefined ? '…' : t(`providers.${activeProvider}`)}
              </span>
            </span>
            <Badge variant="primary">{t('indicatorsBadge')}</Badge>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="secondary" size="sm">
            <Link to="/settings">
              <Settings aria-hidden="true" />
              {t('actions.settings')}
            </Link>
          </Button>
          <ClearHistoryButton isDisabled={!hasHistory} />
          <Button asChild variant="ghost" size="sm">
            <Link to="/dashboard">
              <ArrowLeft aria-hidden="true" />
              {t('actions.back')}
            </Link>
          </Button>
        </div>
      </div>
    </header>
  );
}

function ClearHistoryButton({ isDisabled }: { isDisabled: boolean }) {
  const { t } = useTranslation('chatPage');
  const clearMutation = useClearChatMutation();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" disabled={isDisabled}>
          <Trash2 aria-hidden="true" />
          {t('actions.clear')}
        </Button>
      }
      title={t('clear.title')}
      description={t('clear.description')}
      cancelLabel={t('clear.keep')}
      confirmLabel={t('clear.confirm')}
      busyLabel={t('clear.clearing')}
      isBusy={clearMutation.isPending}
      onConfirm={(close) => clearMutation.mutate(undefined, { onSuccess: close })}
    />
  );
}
