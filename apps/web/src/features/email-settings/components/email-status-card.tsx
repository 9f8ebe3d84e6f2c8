import type { EmailStatus } from '@farol/contract';
import { RotateCw, Server } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useEmailStatusQuery } from '../api/email-settings-api.ts';

/**
 * Integration status read from the server: SMTP configured or not, the outbox counts and the last error. An admin
 * sees the whole site with the raw SMTP error; anyone else only their own messages and when one last failed.
 */
export function EmailStatusCard() {
  const { t } = useTranslation('emailSettings');
  const status = useEmailStatusQuery();
  return (
    <Card aria-labelledby="email-status-title">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle id="email-status-title" className="flex items-center gap-2">
            <Server aria-hidden="true" className="size-4 text-primary" />
            {t('status.title')}
          </CardTitle>
          <CardDescription>
            {status.data?.scope === 'own' ? t('status.ownDescription') : t('status.description')}
          </CardDescription>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={t('status.refresh')}
          disabled={status.isFetching}
          onClick={() => void status.refetch()}
        >
          <RotateCw aria-hidden="true" className={cn(status.isFetching && 'animate-spin')} />
        </Button>
      </CardHeader>
      <CardContent>
        <QueryState
          query={status}
          errorTitle={t('status.loadError')}
          loading={<LoadingState className="min-h-48" />}
        >
          {(data) => <EmailStatusDetails data={data} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

/** SMTP configured or not, the outbox counts, and the last delivery and failure. */
function EmailStatusDetails({ data }: { data: EmailStatus }) {
  const { t } = useTranslation('emailSettings');
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <span className="text-sm">{t('status.smtp')}</span>
        {data.smtpConfigured ? (
          <Badge variant="success">{t('status.configured')}</Badge>
        ) : (
          <Badge variant="warning">{t('status.notConfigured')}</Badge>
        )}
      </div>
      {!data.smtpConfigured ? (
        <p className="text-xs text-muted-foreground">{t('status.notConfiguredHint')}</p>
      ) : null}
      <dl className="grid grid-cols-3 gap-2 text-center">
        {(['queued', 'sent', 'failed'] as const).map((key) => (
          <div key={key} className="rounded-md border border-border bg-muted/40 p-2">
            <dt className="text-xs text-muted-foreground">{t(`status.${key}`)}</dt>
            <dd
              className={cn(
                'text-lg font-semibold tabular-nums',
                key === 'failed' && data[key] > 0 && 'text-danger',
              )}
            >
              {new Intl.NumberFormat(currentLanguage()).format(data[key])}
            </dd>
          </div>
        ))}
      </dl>
      <LastDeliveryList data={data} />
    </div>
  );
}

/** When a message was last delivered; the site's last SMTP error for an admin, else when one of theirs failed. */
function LastDeliveryList({ data }: { data: EmailStatus }) {
  const { t } = useTranslation('emailSettings');
  return (
    <dl className="flex flex-col gap-2 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">{t('status.lastDelivered')}</dt>
        <dd className="text-right">
          {data.lastDeliveredAt ? formatDateTime(data.lastDeliveredAt) : t('status.never')}
        </dd>
      </div>
      {data.scope === 'site' ? (
        <div className="flex flex-col gap-1">
          <dt className="text-muted-foreground">{t('status.lastError')}</dt>
          <dd
            className={cn(
              'rounded-md p-2 font-mono text-xs break-words',
              data.lastError ? 'bg-danger/10 text-danger' : 'bg-muted/40 text-muted-foreground',
            )}
          >
            {data.lastError ?? t('status.noError')}
          </dd>
        </div>
      ) : (
        <div className="flex flex-col gap-1">
          <dt className="text-muted-foreground">{t('status.ownLastFailure')}</dt>
          <dd
            className={cn(
              'rounded-md p-2 text-xs break-words',
              data.lastFailedAt ? 'bg-danger/10 text-danger' : 'bg-muted/40 text-muted-foreground',
            )}
          >
            {data.lastFailedAt
              ? t('status.ownFailure', { date: formatDateTime(data.lastFailedAt) })
              : t('status.noError')}
          </dd>
        </div>
      )}
    </dl>
  );
}
