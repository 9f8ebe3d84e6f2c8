import { Bell, BrainCircuit, CandlestickChart, Check, Globe2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';

const tabs = [
  { id: 'analysis', Icon: CandlestickChart },
  { id: 'chat', Icon: BrainCircuit },
  { id: 'market', Icon: Globe2 },
  { id: 'alerts', Icon: Bell },
] as const;

/** The landing page's feature tab list (arrow keys move between tabs). */
export function FeatureTabs() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="features-heading" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h2 id="features-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {t('features.title')}
        </h2>
        <p className="text-muted-foreground">{t('features.subtitle')}</p>
      </div>
      <Tabs defaultValue="analysis" className="flex flex-col gap-4">
        <TabsList
          aria-label={t('features.tabsLabel')}
          className="h-auto w-full flex-wrap justify-start sm:w-fit"
        >
          {tabs.map(({ id, Icon }) => (
            <TabsTrigger key={id} value={id}>
              <Icon aria-hidden="true" />
              {t(`features.${id}.tab`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map(({ id, Icon }) => (
          <TabsContent
            key={id}
            value={id}
            className="grid gap-6 rounded-xl border border-border bg-card p-6 md:grid-cols-[1fr_1.1fr] md:p-8"
          >
            <div className="flex flex-col gap-3">
              <Icon aria-hidden="true" className="size-8 text-primary" />
              <h3 className="text-xl font-semibold">{t(`features.${id}.title`)}</h3>
              <p className="leading-relaxed text-muted-foreground">{t(`features.${id}.body`)}</p>
            </div>
            <ul className="flex flex-col justify-center gap-3">
              {(['point1', 'point2', 'point3'] as const).map((point) => (
                <li
                  key={point}
                  className="flex items-start gap-3 rounded-lg border border-border bg-background/50 px-4 py-3 text-sm"
                >
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                  {t(`features.${id}.${point}`)}
                </li>
              ))}
            </ul>
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
