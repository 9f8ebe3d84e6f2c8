import type { TelegramLink } from '@farol/contract';
import { CheckCircle2, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import {
  useTelegramLinkMutation,
  useTelegramStatusQuery,
  useTelegramUnlinkMutation,
} from '../api/telegram-api.ts';

/** The code to send the bot, the link that sends it, and until when it works. */
function PendingLink({ link, bot }: { link: TelegramLink; bot: string }) {
  const { t, i18n } = useTranslation('settings');
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(
    new Date(link.expiresAt),
  );
  return (
    <div
      className="flex flex-col gap-2 rounded-md border border-border bg-muted/40 p-3 text-sm"
      role="status"
    >
      <p>{t('telegram.waiting', { command: `/start ${link.code}`, bot })}</p>
      <p className="font-mono text-base tracking-widest">{link.code}</p>
      <p className="text-xs text-muted-foreground">{t('telegram.expires', { time })}</p>
      <Button asChild size="sm" className="self-start">
        <a href={link.url} target="_blank" rel="noreferrer">
          <Send aria-hidden="true" />
          {t('telegram.open')}
        </a>
      </Button>
    </div>
  );
}

/**
 * Telegram as a second alert channel: connect with a one-time code the bot receives as /start, then
 * alerts arrive in that chat; disconnect here. Shown only when the operator set a bot up.
 */
export function TelegramCard() {
  const { t } = useTranslation('settings');
  const linkMutation = useTelegramLinkMutation();
  const unlinkMutation = useTelegramUnlinkMutation();
  const pending = linkMutation.data?.data;
  const status = useTelegramStatusQuery(pending !== undefined);
  if (!status.data?.configured) return null;
  const { linked, botUsername } = status.data;
  return (
    <Card aria-labelledby="telegram-title">
      <CardHeader>
        <CardTitle id="telegram-title" className="flex items-center gap-2">
          <Send aria-hidden="true" className="size-4 text-primary" />
          {t('telegram.title')}
        </CardTitle>
        <CardDescription>{t('telegram.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {linked ? (
          <>
            <p className="flex items-center gap-2 text-sm">
              <CheckCircle2 aria-hidden="true" className="size-4 text-success" />
              {t('telegram.linked')}
            </p>
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              onClick={() => unlinkMutation.mutate(undefined, { onSuccess: () => linkMutation.reset() })}
              disabled={unlinkMutation.isPending}
            >
              {t('telegram.unlink')}
            </Button>
          </>
        ) : pending ? (
          <PendingLink link={pending} bot={botUsername ?? ''} />
        ) : (
          <Button
            size="sm"
            className="self-start"
            onClick={() => linkMutation.mutate()}
            disabled={linkMutation.isPending}
          >
            {linkMutation.isPending ? t('telegram.connecting') : t('telegram.connect')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
