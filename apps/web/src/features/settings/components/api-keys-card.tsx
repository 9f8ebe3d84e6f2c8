import { keyProviders, type ApiKeyStatus, type KeyProvider } from '@farol/contract';
import { CircleCheck, CircleDashed, KeyRound } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { useApiKeyStatusQuery, useRemoveApiKeyMutation } from '../api/settings-api.ts';
import { useApiKeysForm } from '../hooks/use-api-keys-form.ts';

const fieldOf = { openai: 'openaiApiKey', gemini: 'geminiApiKey' } as const satisfies Record<
  KeyProvider,
  string
>;
const isConfigured = (status: ApiKeyStatus, provider: KeyProvider) =>
  provider === 'openai' ? status.hasOpenaiApiKey : status.hasGeminiApiKey;

/** API keys: status as configured or not, save at least one, remove per provider. */
export function ApiKeysCard() {
  const { t } = useTranslation('settings');
  const status = useApiKeyStatusQuery();
  return (
    <Card aria-labelledby="api-keys-title">
      <CardHeader>
        <CardTitle id="api-keys-title" className="flex items-center gap-2">
          <KeyRound aria-hidden="true" className="size-4 text-primary" />
          {t('apiKeys.title')}
        </CardTitle>
        <CardDescription>{t('apiKeys.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={status}
          errorTitle={t('apiKeys.loadError')}
          loading={<LoadingState className="min-h-56" />}
        >
          {(data) => <ApiKeysForm status={data} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function ApiKeysForm({ status }: { status: ApiKeyStatus }) {
  const { t } = useTranslation('settings');
  const id = useId();
  const { keys, setKey, error, isEmpty, isSaving, handleSubmit } = useApiKeysForm();
  const removeMutation = useRemoveApiKeyMutation();

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      {keyProviders.map((provider) => {
        const hasKey = isConfigured(status, provider);
        const controlId = `${id}-${provider}`;
        const isRemoving = removeMutation.isPending && removeMutation.variables === provider;
        return (
          <div key={provider} className="flex flex-col gap-2 rounded-md border border-border p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-sm font-medium">{t(`apiKeys.providers.${provider}`)}</span>
              <KeyStatusBadge hasKey={hasKey} />
            </div>
            <FormField label={t(`apiKeys.label.${provider}`)} htmlFor={controlId}>
              <PasswordInput
                id={controlId}
                name={fieldOf[provider]}
                autoComplete="off"
                spellCheck={false}
                placeholder={hasKey ? t('apiKeys.replacePlaceholder') : t(`apiKeys.placeholder.${provider}`)}
                value={keys[provider]}
                onChange={(event) => setKey(provider, event.target.value)}
              />
            </FormField>
            {hasKey ? (
              <div>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-danger hover:text-danger"
                  disabled={removeMutation.isPending}
                  onClick={() => removeMutation.mutate(provider)}
                >
                  {isRemoving ? t('apiKeys.removing') : t(`apiKeys.remove.${provider}`)}
                </Button>
              </div>
            ) : null}
          </div>
        );
      })}
      {error ? (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">{t('apiKeys.privacy')}</p>
      <div>
        <Button type="submit" disabled={isEmpty || isSaving}>
          {isSaving ? t('apiKeys.saving') : t('apiKeys.save')}
        </Button>
      </div>
    </form>
  );
}

/** Whether a key is stored for the provider. */
function KeyStatusBadge({ hasKey }: { hasKey: boolean }) {
  const { t } = useTranslation('settings');
  return hasKey ? (
    <Badge variant="success">
      <CircleCheck aria-hidden="true" className="size-3" />
      {t('apiKeys.configured')}
    </Badge>
  ) : (
    <Badge>
      <CircleDashed aria-hidden="true" className="size-3" />
      {t('apiKeys.notConfigured')}
    </Badge>
  );
}
