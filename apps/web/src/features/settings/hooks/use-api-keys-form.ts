import { saveApiKeysRequestSchema, type KeyProvider } from '@farol/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { translateFieldErrors } from '../../../lib/form-errors.ts';
import { readToken } from '../../../lib/session.ts';
import { useSaveApiKeysMutation } from '../api/settings-api.ts';

const noKeys: Record<KeyProvider, string> = { openai: '', gemini: '' };

/**
 * The typed keys and their save: only filled fields are sent (an empty one leaves the stored key as it is),
 * the first contract error is shown, and a successful save clears the fields.
 */
export function useApiKeysForm() {
  const { t } = useTranslation('settings');
  const [keys, setKeys] = useState<Record<KeyProvider, string>>(noKeys);
  const [error, setError] = useState<string | undefined>();
  const saveMutation = useSaveApiKeysMutation();
  const isEmpty = !keys.openai.trim() && !keys.gemini.trim();

  const setKey = (provider: KeyProvider, value: string) =>
    setKeys((current) => ({ ...current, [provider]: value }));

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
    saveMutation.mutate(body, { onSuccess: () => setKeys(noKeys) });
  }

  return { keys, setKey, error, isEmpty, isSaving: saveMutation.isPending, handleSubmit };
}
