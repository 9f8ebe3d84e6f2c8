import {
  apiTokenLifetimes,
  DEFAULT_API_TOKEN_LIFETIME_DAYS,
  type ApiToken,
  type ApiTokenList,
  type CreatedApiToken,
} from '@farol/contract';
import { Terminal } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, inputClassName } from '../../../components/ui/input.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import {
  useApiTokensQuery,
  useCreateApiTokenMutation,
  useRevokeApiTokenMutation,
} from '../api/api-tokens-api.ts';
import { OneTimeSecret } from './one-time-secret.tsx';
import { PlanLocked } from './plan-locked.tsx';

/**
 * Personal API tokens: create one with a name, copy its secret the one time it is shown, see each token's
 * use, revoke. Plans without API access see why and the way to the plans.
 */
export function ApiTokensCard() {
  const { t } = useTranslation('settings');
  const tokens = useApiTokensQuery();
  return (
    <Card aria-labelledby="api-tokens-title">
      <CardHeader>
        <CardTitle id="api-tokens-title" className="flex items-center gap-2">
          <Terminal aria-hidden="true" className="size-4 text-primary" />
          {t('apiTokens.title')}
        </CardTitle>
        <CardDescription>{t('apiTokens.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={tokens}
          errorTitle={t('apiTokens.loadError')}
          loading={<LoadingState className="min-h-32" />}
        >
          {(data) =>
            data.maxTokens === 0 && data.tokens.length === 0 ? (
              <PlanLocked message={t('apiTokens.locked')} action={t('apiTokens.upgrade')} />
            ) : (
              <Tokens list={data} />
            )
          }
        </QueryState>
      </CardContent>
    </Card>
  );
}

function Tokens({ list }: { list: ApiTokenList }) {
  const { t } = useTranslation('settings');
  const [created, setCreated] = useState<CreatedApiToken>();
  return (
    <div className="flex flex-col gap-4">
      {created ? (
        <OneTimeSecret
          title={t('apiTokens.secretTitle')}
          hint={t('apiTokens.created')}
          value={created.token}
          onDone={() => setCreated(undefined)}
        />
      ) : list.maxTokens > 0 ? (
        <CreateForm onCreated={setCreated} isFull={list.tokens.length >= list.maxTokens} />
      ) : null}
      <p className="text-xs text-muted-foreground">
        {t('apiTokens.limits', { max: list.maxTokens, rate: list.requestsPerMinute })}
      </p>
      {list.tokens.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('apiTokens.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
          {list.tokens.map((token) => (
            <TokenRow key={token.id} token={token} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CreateForm({ onCreated, isFull }: { onCreated: (token: CreatedApiToken) => void; isFull: boolean }) {
  const { t } = useTranslation('settings');
  const id = useId();
  const [name, setName] = useState('');
  const [expiresInDays, setExpiresInDays] = useState<(typeof apiTokenLifetimes)[number]>(
    DEFAULT_API_TOKEN_LIFETIME_DAYS,
  );
  const create = useCreateApiTokenMutation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate({ name, expiresInDays }, { onSuccess: (answer) => (setName(''), onCreated(answer.data)) });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <FormField label={t('apiTokens.nameLabel')} htmlFor={id} className="flex-1">
        <Input
          id={id}
          value={name}
          maxLength={60}
          placeholder={t('apiTokens.namePlaceholder')}
          onChange={(event) => setName(event.target.value)}
        />
      </FormField>
      <FormField label={t('apiTokens.lifetimeLabel')} htmlFor={`${id}-lifetime`}>
        <select
          id={`${id}-lifetime`}
          className={inputClassName}
          value={expiresInDays}
          onChange={(event) =>
            setExpiresInDays(Number(event.target.value) as (typeof apiTokenLifetimes)[number])
          }
        >
          {apiTokenLifetimes.map((days) => (
            <option key={days} value={days}>
              {t('apiTokens.lifetimeDays', { count: days })}
            </option>
          ))}
        </select>
      </FormField>
      <Button type="submit" disabled={create.isPending || isFull || !name.trim()}>
        {create.isPending ? t('apiTokens.creating') : t('apiTokens.create')}
      </Button>
    </form>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const { t } = useTranslation('settings');
  const revoke = useRevokeApiTokenMutation();
  const isRevoking = revoke.isPending;
  return (
    <li className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="truncate font-medium">{token.name}</p>
        <p className="text-xs text-muted-foreground">
          {t('apiTokens.createdAt', { date: formatDateTime(token.createdAt) })} ·{' '}
          {token.lastUsedAt
            ? t('apiTokens.lastUsed', { date: formatDateTime(token.lastUsedAt) })
            : t('apiTokens.neverUsed')}{' '}
          · {t('apiTokens.requests', { count: token.requestCount })} ·{' '}
          {t('apiTokens.validUntil', { date: formatDateTime(token.expiresAt) })}
        </p>
      </div>
      <Button
        size="sm"
        variant="outline"
        className="self-start sm:self-center"
        aria-label={t('apiTokens.revokeLabel', { name: token.name })}
        disabled={isRevoking}
        onClick={() => revoke.mutate(token.id)}
      >
        {isRevoking ? t('apiTokens.revoking') : t('apiTokens.revoke')}
      </Button>
    </li>
  );
}
