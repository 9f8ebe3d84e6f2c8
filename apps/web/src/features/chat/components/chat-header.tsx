import type { AiUsage } from '@farol/contract';
import { ArrowLeft, Settings, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useClearChatMutation } from '../api/chat-api.ts';

export type ChatHeaderProps = {
  /** Who answers now (from /api/subscription/usage); undefined while unknown. */
  ai: AiUsage | undefined;
  hasHistory: boolean;
};

/** Who answers: the model and whose key, and what is left today of the plan's included answers. */
function AnsweredBy({ ai }: { ai: AiUsage | undefined }) {
  const { t } = useTranslation('chatPage');
  if (!ai) return <span className="font-medium text-foreground">…</span>;
  const model = ai.provider ? t(`providers.${ai.provider}`) : t('providers.technical_analysis');
  const included = ai.included;
  return (
    <>
      <span className="font-medium text-foreground" data-testid="chat-provider">
        {model}
      </span>
      {ai.answeredBy === 'own_key' ? <span>{t('answeredBy.ownKey')}</span> : null}
      {ai.answeredBy === 'included' ? <span>{t('answeredBy.included')}</span> : null}
      {included ? (
        <span className="tabular-nums" data-testid="chat-included-left">
          ·{' '}
          {included.limit < 0
            ? t('answeredBy.unlimited')
            : t('answeredBy.left', {
                count: Math.max(0, included.limit - included.usedToday),
                limit: included.limit,
              })}
        </span>
      ) : null}
    </>
  );
}

/** Breadcrumb, who answers, the 50+ indicators badge, settings shortcut, clear history and back. */
export function ChatHeader({ ai, hasHistory }: ChatHeaderProps) {
  const { t } = useTranslation('chatPage');
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
            <span className="flex flex-wrap items-center gap-x-1">
              {t('poweredBy')} <AnsweredBy ai={ai} />
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
