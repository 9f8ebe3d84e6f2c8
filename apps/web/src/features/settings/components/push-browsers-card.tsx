import { BellRing, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import {
  usePushSubscriptionsQuery,
  useRemovePushSubscriptionMutation,
} from '../api/push-subscriptions-api.ts';

/**
 * The browsers that receive the user's notifications, each named by its push service and the day it was
 * added, with "remove": one the user does not recognise (or a lost phone) stops receiving alerts at once.
 */
export function PushBrowsersCard() {
  const { t, i18n } = useTranslation('settings');
  const browsers = usePushSubscriptionsQuery();
  const remove = useRemovePushSubscriptionMutation();
  const dateOf = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <Card aria-labelledby="push-browsers-title">
      <CardHeader>
        <CardTitle id="push-browsers-title" className="flex items-center gap-2">
          <BellRing aria-hidden="true" className="size-4 text-primary" />
          {t('pushBrowsers.title')}
        </CardTitle>
        <CardDescription>{t('pushBrowsers.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={browsers} errorTitle={t('pushBrowsers.loadError')}>
          {(list) =>
            list.length === 0 ? (
              <EmptyState title={t('pushBrowsers.empty')} icon={BellRing} className="py-6" />
            ) : (
              <ul className="flex flex-col divide-y divide-border">
                {list.map((browser) => (
                  <li key={browser.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <div className="min-w-0 text-sm">
                      <p className="break-all font-medium">{browser.host}</p>
                      <p className="text-xs text-muted-foreground">
                        {t('pushBrowsers.added', { date: dateOf(browser.createdAt) })}
                      </p>
                    </div>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => remove.mutate(browser.id)}
                      disabled={remove.isPending && remove.variables === browser.id}
                      aria-label={t('pushBrowsers.removeNamed', { host: browser.host })}
                    >
                      <Trash2 aria-hidden="true" />
                      {t('pushBrowsers.remove')}
                    </Button>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </CardContent>
    </Card>
  );
}
