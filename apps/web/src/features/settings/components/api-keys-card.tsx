import { keyProviders, type ApiKeyStatus, type KeyProvider } from '@farol/contract';
import { CircleAlert, CircleCheck, CircleDashed, KeyRound } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormField, fieldHintId } from '../../../components/ui/form-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { useApiKeyStatusQuery, useRemoveApiKeyMutation } from '../api/settings-api.ts';
import { useApiKeysForm } from '../hooks/use-api-keys-form.ts';

const fieldOf = { openai: 'openaiApiKey', gemini: 'geminiApiKey' } as const satisfies Record<
  KeyProvider,
  string
>;
/** A provider's key as the server holds it: none, stored, or stored but no longer readable (enter it again). */
type KeyState = 'none' | 'configured' | 'unreadable';
function keyStateOf(status: ApiKeyStatus, provider: KeyProvider): KeyState {
  const [hasKey, isUnreadable] =
    provider === 'openai'
      ? [status.hasOpenaiApiKey, status.openaiUnreadable]
      : [status.hasGeminiApiKey, status.geminiUnreadable];
  if (!hasKey) return 'none';
  return isUnreadable ? 'unreadable' : 'configured';
}

/** API keys: status as configured, not, or to be entered again; save at least one, remove per provider. */
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
        const state = keyStateOf(status, provider);
        const hasKey = state !== 'none';
        const controlId = `${id}-${provider}`;
        const isRemoving = removeMutation.isPending && removeMutation.variables === provider;
        return (
          <div key={provider} className="flex flex-col gap-2 rounded-md border border-border p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-sm font-medium">{t(`apiKeys.providers.${provider}`)}</span>
              <KeyStatusBadge state={state} />
            </div>
            <FormField
              label={t(`apiKeys.label.${provider}`)}
              htmlFor={controlId}
              hint={state === 'unreadable' ? t('apiKeys.unreadableHint') : undefined}
            >
              <PasswordInput
                id={controlId}
                name={fieldOf[provider]}
                autoComplete="off"
                spellCheck={false}
                aria-describedby={state === 'unreadable' ? fieldHintId(controlId) : undefined}
                placeholder={
                  state === 'configured'
                    ? t('apiKeys.replacePlaceholder')
                    : t(`apiKeys.placeholder.${provider}`)
                }
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

/** Whether a key is stored for the provider, and whether it must be entered again. */
function KeyStatusBadge({ state }: { state: KeyState }) {
  const { t } = useTranslation('settings');
  if (state === 'unreadable')
    return (
      <Badge variant="warning">
        <CircleAlert aria-hidden="true" className="size-3" />
        {t('apiKeys.unreadable')}
      </Badge>
    );
  return state === 'configured' ? (
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
