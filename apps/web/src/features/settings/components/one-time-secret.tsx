import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

/** A secret the server answers once (an API token, a webhook's signing secret), with a copy button. */
export function OneTimeSecret({
  title,
  hint,
  value,
  onDone,
}: {
  title: string;
  hint: string;
  value: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('settings');
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  // an insecure page or a refused permission has no clipboard: the secret stays on screen to copy by hand
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  };
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-md border border-primary/40 bg-muted/40 p-3 text-sm"
    >
      <p className="font-medium">{title}</p>
      <p className="text-muted-foreground">{hint}</p>
      <code className="break-all rounded bg-background px-2 py-1 font-mono text-xs">{value}</code>
      {copyState === 'failed' ? <p className="text-xs text-danger">{t('apiTokens.copyFailed')}</p> : null}
      <div className="flex gap-2">
        <Button size="sm" onClick={() => void copy()}>
          {copyState === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copyState === 'copied' ? t('apiTokens.copied') : t('apiTokens.copy')}
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          {t('apiTokens.done')}
        </Button>
      </div>
    </div>
  );
}
