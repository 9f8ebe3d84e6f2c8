import { keyProviders, saveApiKeysRequestSchema, type ApiKeyStatus, type KeyProvider } from '@farol/contract';
import { CircleCheck, CircleDashed, KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { translateFieldErrors } from '../../../lib/form-errors.ts';
import { readToken } from '../../../lib/session.ts';
import {
  useApiKeyStatusQuery,
  useRemoveApiKeyMutation,
  useSaveApiKeysMutation,
} from '../api/settings-api.ts';

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
  const [keys, setKeys] = useState<Record<KeyProvider, string>>({ openai: '', gemini: '' });
  const [error, setError] = useState<string | undefined>();
  const saveMutation = useSaveApiKeysMutation();
  const removeMutation = useRemoveApiKeyMutation();
  const isEmpty = !keys.openai.trim() && !keys.gemini.trim();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (saveMutation.isPending) return;
    if (!readToken()) {
      toast.error(t('apiKeys.noToken'));
      return;
    }
    // Absent keys are omitted from the payload: an empty field leaves the stored key as it is.
    const body = {
      ...(keys.openai.trim() ? { openaiApiKey: keys.openai.trim() } : {}),
      ...(keys.gemini.trim() ? { geminiApiKey: keys.gemini.trim() } : {}),
    };
    const parsed = saveApiKeysRequestSchema.safeParse(body);
    const messages = translateFieldErrors(parsed, { openaiApiKey: 'OpenAI', geminiApiKey: 'Gemini' });
    setError(Object.values(messages)[0]);
    if (!parsed.success) return;
    saveMutation.mutate(body, { onSuccess: () => setKeys({ openai: '', gemini: '' }) });
  }

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
              {hasKey ? (
                <Badge variant="success">
                  <CircleCheck aria-hidden="true" className="size-3" />
                  {t('apiKeys.configured')}
                </Badge>
              ) : (
                <Badge>
                  <CircleDashed aria-hidden="true" className="size-3" />
                  {t('apiKeys.notConfigured')}
                </Badge>
              )}
            </div>
            <FormField label={t(`apiKeys.label.${provider}`)} htmlFor={controlId}>
              <PasswordInput
                id={controlId}
                name={fieldOf[provider]}
                autoComplete="off"
                spellCheck={false}
                placeholder={hasKey ? t('apiKeys.replacePlaceholder') : t(`apiKeys.placeholder.${provider}`)}
                value={keys[provider]}
                onChange={(event) => setKeys((current) => ({ ...current, [provider]: event.target.value }))}
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
        <Button type="submit" disabled={isEmpty || saveMutation.isPending}>
          {saveMutation.isPending ? t('apiKeys.saving') : t('apiKeys.save')}
        </Button>
      </div>
    </form>
  );
}
