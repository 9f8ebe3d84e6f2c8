import {
  webhookEvents,
  type CreatedWebhook,
  type Webhook,
  type WebhookEvent,
  type WebhookList,
} from '@farol/contract';
import { Webhook as WebhookIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { fieldErrorProps, FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import {
  useCreateWebhookMutation,
  useDeleteWebhookMutation,
  useWebhooksQuery,
  useWebhookTestMutation,
} from '../api/webhooks-api.ts';
import { OneTimeSecret } from './one-time-secret.tsx';
import { PlanLocked } from './plan-locked.tsx';

/**
 * Webhooks: add an HTTPS endpoint for alert firings and favourite signal changes, keep its signing secret
 * (shown once), send a test event, read the latest deliveries, remove it.
 */
export function WebhooksCard() {
  const { t } = useTranslation('settings');
  const [isAwaitingDelivery, setIsAwaitingDelivery] = useState(false);
  const webhooks = useWebhooksQuery(isAwaitingDelivery);
  // a delivery not tried yet, or being sent: its outcome is a moment away
  const pending = webhooks.data?.webhooks.some((webhook) =>
    webhook.deliveries.some(
      (delivery) =>
        delivery.status === 'sending' || (delivery.status === 'pending' && delivery.attempts === 0),
    ),
  );
  if (isAwaitingDelivery && webhooks.data && !pending) setIsAwaitingDelivery(false);
  return (
    <Card aria-labelledby="webhooks-title">
      <CardHeader>
        <CardTitle id="webhooks-title" className="flex items-center gap-2">
          <WebhookIcon aria-hidden="true" className="size-4 text-primary" />
          {t('webhooks.title')}
        </CardTitle>
        <CardDescription>{t('webhooks.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={webhooks}
          errorTitle={t('webhooks.loadError')}
          loading={<LoadingState className="min-h-32" />}
        >
          {(data) =>
            data.maxWebhooks === 0 && data.webhooks.length === 0 ? (
              <PlanLocked message={t('webhooks.locked')} action={t('webhooks.upgrade')} />
            ) : (
              <Webhooks list={data} onTestSent={() => setIsAwaitingDelivery(true)} />
            )
          }
        </QueryState>
      </CardContent>
    </Card>
  );
}

function Webhooks({ list, onTestSent }: { list: WebhookList; onTestSent: () => void }) {
  const { t } = useTranslation('settings');
  const [created, setCreated] = useState<CreatedWebhook>();
  return (
    <div className="flex flex-col gap-4">
      {created ? (
        <OneTimeSecret
          title={t('webhooks.secretTitle')}
          hint={t('webhooks.secretHint')}
          value={created.secret}
          onDone={() => setCreated(undefined)}
        />
      ) : list.maxWebhooks > 0 ? (
        <CreateWebhookForm onCreated={setCreated} isFull={list.webhooks.length >= list.maxWebhooks} />
      ) : null}
      {list.webhooks.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('webhooks.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {list.webhooks.map((webhook) => (
            <WebhookItem key={webhook.id} webhook={webhook} onTestSent={onTestSent} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CreateWebhookForm({
  onCreated,
  isFull,
}: {
  onCreated: (webhook: CreatedWebhook) => void;
  isFull: boolean;
}) {
  const { t } = useTranslation('settings');
  const id = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...webhookEvents]);
  const create = useCreateWebhookMutation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ url, events }, { onSuccess: (answer) => (setUrl(''), onCreated(answer.data)) });
  };
  const toggle = (name: WebhookEvent, isOn: boolean) =>
    setEvents((current) => (isOn ? [...current, name] : current.filter((item) => item !== name)));
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <FormField label={t('webhooks.urlLabel')} htmlFor={id} error={create.error?.message}>
        <Input
          id={id}
          type="url"
          inputMode="url"
          value={url}
          placeholder={t('webhooks.urlPlaceholder')}
          onChange={(event) => {
            setUrl(event.target.value);
            create.reset();
          }}
          {...fieldErrorProps(id, create.error?.message)}
        />
      </FormField>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('webhooks.events')}</legend>
        {webhookEvents.map((name) => (
          <label key={name} className="flex items-center gap-2 text-sm">
            <Checkbox
              checked={events.includes(name)}
              onCheckedChange={(value) => toggle(name, value === true)}
            />
            {t(`webhooks.event_${name}`)}
          </label>
        ))}
      </fieldset>
      <Button
        type="submit"
        className="self-start"
        disabled={create.isPending || isFull || !url.trim() || !events.length}
      >
        {create.isPending ? t('webhooks.creating') : t('webhooks.create')}
      </Button>
    </form>
  );
}

function WebhookItem({ webhook, onTestSent }: { webhook: Webhook; onTestSent: () => void }) {
  const { t } = useTranslation('settings');
  const test = useWebhookTestMutation();
  const remove = useDeleteWebhookMutation();
  return (
    <li className="flex flex-col gap-3 rounded-md border border-border p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 flex-1 break-all font-mono text-xs">{webhook.url}</p>
        <Badge variant={webhook.isActive ? 'success' : 'danger'}>
          {webhook.isActive ? t('webhooks.active') : t('webhooks.disabled')}
        </Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        {webhook.events.map((name) => t(`webhooks.event_${name}`)).join(' · ')}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          aria-label={t('webhooks.testLabel', { url: webhook.url })}
          disabled={test.isPending}
          onClick={() => test.mutate(webhook.id, { onSuccess: onTestSent })}
        >
          {test.isPending ? t('webhooks.testing') : t('webhooks.test')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label={t('webhooks.deleteLabel', { url: webhook.url })}
          disabled={remove.isPending}
          onClick={() => remove.mutate(webhook.id)}
        >
          {t('webhooks.delete')}
        </Button>
      </div>
      <DeliveryLog webhook={webhook} />
    </li>
  );
}

/** Why a delivery failed, in the reader's language, beside it; the receiver's raw text only as a detail. */
function DeliveryError({ delivery }: { delivery: Webhook['deliveries'][number] }) {
  const { t } = useTranslation('settings');
  return (
    <div className="flex w-full flex-col gap-0.5">
      <p className="text-danger-text">
        {t(`webhooks.deliveryError.${delivery.errorCode ?? 'unknown'}`, { status: delivery.errorStatus })}
      </p>
      {delivery.lastError ? (
        <details>
          <summary className="cursor-pointer">{t('webhooks.deliveryError.detail')}</summary>
          <code className="font-mono break-all">{delivery.lastError}</code>
        </details>
      ) : null}
    </div>
  );
}

function DeliveryLog({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation('settings');
  return (
    <div className="flex flex-col gap-1">
      <p className="text-xs font-medium">{t('webhooks.log')}</p>
      {webhook.deliveries.length === 0 ? (
        <p className="text-xs text-muted-foreground">{t('webhooks.noDeliveries')}</p>
      ) : (
        <ul className="flex flex-col gap-1 text-xs">
          {webhook.deliveries.map((delivery) => (
            <li key={delivery.id} className="flex flex-wrap gap-x-2 text-muted-foreground">
              <span className="font-mono text-foreground">{delivery.event}</span>
              <span>{t(`webhooks.status_${delivery.status}`)}</span>
              <span>{t('webhooks.attempts', { count: delivery.attempts })}</span>
              <span>{formatDateTime(delivery.sentAt ?? delivery.createdAt)}</span>
              {delivery.errorCode ? <DeliveryError delivery={delivery} /> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
