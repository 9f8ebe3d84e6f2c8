import { Activity, Bot, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const providers = [
  { name: 'providers.gpt', vendor: 'providers.gptVendor', Icon: Bot },
  { name: 'providers.gemini', vendor: 'providers.geminiVendor', Icon: Sparkles },
  { name: 'providers.indicators', vendor: 'providers.indicatorsVendor', Icon: Activity },
] as const;

/** The AI models the chat uses (names as text: no third-party logos to download). */
export function ProvidersStrip() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="providers-heading" className="border-b border-border bg-card/40">
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-4 px-4 py-8 sm:px-6 lg:flex-row lg:items-center lg:justify-between lg:px-8">
        <h2 id="providers-heading" className="text-sm font-medium text-muted-foreground">
          {t('providers.title')}
        </h2>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3 lg:gap-8">
          {providers.map(({ name, vendor, Icon }) => (
            <li key={name} className="flex items-center gap-3">
              <Icon aria-hidden="true" className="size-5 text-primary" />
              <span className="flex flex-col leading-tight">
                <span className="font-semibold">{t(name)}</span>
                <span className="text-xs text-muted-foreground">{t(vendor)}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
