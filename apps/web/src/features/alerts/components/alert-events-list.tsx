import type { AlertEvent } from '@farol/contract';
import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { coinPagePath } from '../../../lib/coin-prices.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { describeAlertEvent } from './alert-condition-text.ts';

/** Recent firings: when, which alert (its coin a link to the coin page), what happened (the condition crossed and the value seen). */
export function AlertEventsList({ events }: { events: AlertEvent[] }) {
  const { t } = useTranslation('alertsPage');
  return (
    <Card aria-labelledby="alert-events-title">
      <CardHeader>
        <CardTitle id="alert-events-title" className="flex items-center gap-2">
          <History aria-hidden="true" className="size-4 text-primary" />
          {t('events.title')}
        </CardTitle>
        <CardDescription>{t('events.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {events.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground">{t('events.empty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border text-sm">
            {events.map((event) => (
              <li
                key={event.id}
                className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
              >
                <span className="min-w-0">
                  <span className="font-medium">{event.alertName}</span>{' '}
                  <Link
                    to={coinPagePath(event.coinSymbol)}
                    className="font-mono text-xs text-muted-foreground underline-offset-2 hover:text-foreground hover:underline"
                  >
                    {event.coinSymbol}
                  </Link>
                  <span className="block text-xs text-muted-foreground">{describeAlertEvent(event, t)}</span>
                </span>
                <time
                  dateTime={event.triggeredAt}
                  className="shrink-0 text-xs text-muted-foreground tabular-nums"
                >
                  {formatDateTime(event.triggeredAt)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
