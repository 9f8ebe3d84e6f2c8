import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const exampleKeys = ['levels', 'signal', 'risk', 'sentiment'] as const;

/** Shown while the history is empty: what the agents do and questions to start with (one click sends). */
export function ChatWelcome({
  onAsk,
  isDisabled,
}: {
  onAsk: (question: string) => void;
  isDisabled: boolean;
}) {
  const { t } = useTranslation('chatPage');
  return (
    <div className="flex flex-col items-center gap-4 px-2 py-8 text-center">
      <Sparkles aria-hidden="true" className="size-8 text-primary" />
      <div className="flex max-w-lg flex-col gap-1">
        <h2 className="text-lg font-semibold">{t('welcome.title')}</h2>
        <p className="text-sm text-muted-foreground">{t('welcome.description')}</p>
      </div>
      <div className="grid w-full max-w-2xl gap-2 sm:grid-cols-2">
        {exampleKeys.map((key) => (
          <button
            key={key}
            type="button"
            disabled={isDisabled}
            onClick={() => onAsk(t(`welcome.examples.${key}`))}
            className="rounded-md border border-border bg-muted/40 px-3 py-2 text-left text-sm transition-colors hover:border-primary/50 hover:bg-muted disabled:pointer-events-none disabled:opacity-50"
          >
            {t(`welcome.examples.${key}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
