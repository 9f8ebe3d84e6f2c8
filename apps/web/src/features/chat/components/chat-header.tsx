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

const iconOnPhone = 'size-8 p-0 sm:w-auto sm:px-3';
const labelOnPhone = 'sr-only sm:not-sr-only';

/** Breadcrumb, who answers, the 50+ indicators badge, settings shortcut, clear history and back. */
export function ChatHeader({ ai, hasHistory }: ChatHeaderProps) {
  const { t } = useTranslation('chatPage');
  return (
    <header className="flex flex-col gap-1.5 sm:gap-3">
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
      <div className="flex items-start justify-between gap-3 sm:items-center">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">{t('title')}</h1>
          <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground sm:text-sm">
            <span className="flex flex-wrap items-center gap-x-1">
              {t('poweredBy')} <AnsweredBy ai={ai} />
            </span>
            <Badge variant="primary">{t('indicatorsBadge')}</Badge>
          </div>
        </div>
        {/* icon buttons on phones (names kept for screen readers), so the conversation gets the height */}
        <div className="flex shrink-0 flex-wrap justify-end gap-1.5 sm:gap-2">
          <Button asChild variant="secondary" size="sm" className={iconOnPhone}>
            <Link to="/settings">
              <Settings aria-hidden="true" />
              <span className={labelOnPhone}>{t('actions.settings')}</span>
            </Link>
          </Button>
          <ClearHistoryButton isDisabled={!hasHistory} />
          <Button asChild variant="ghost" size="sm" className={iconOnPhone}>
            <Link to="/dashboard">
              <ArrowLeft aria-hidden="true" />
              <span className={labelOnPhone}>{t('actions.back')}</span>
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
        <Button variant="outline" size="sm" className={iconOnPhone} disabled={isDisabled}>
          <Trash2 aria-hidden="true" />
          <span className={labelOnPhone}>{t('actions.clear')}</span>
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
