import { Bell, BrainCircuit, CandlestickChart, Globe2, KeyRound, Languages, LayoutDashboard, LineChart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { PageIntro, PageSection } from '../features/marketing/components/page-intro.tsx';
import { usePageMeta } from '../features/marketing/hooks/use-page-meta.ts';
import { PlanGrid } from '../features/pricing/components/plan-grid.tsx';
import { loadNamespaces } from '../lib/i18n.ts';

await loadNamespaces('marketing', 'pricing');

const items = [
  { id: 'dashboard', Icon: LayoutDashboard },
  { id: 'signals', Icon: CandlestickChart },
  { id: 'analysis', Icon: LineChart },
  { id: 'chat', Icon: BrainCircuit },
  { id: 'alerts', Icon: Bell },
  { id: 'chart', Icon: Globe2 },
  { id: 'languages', Icon: Languages },
  { id: 'security', Icon: KeyRound },
] as const;

export function FeaturesPage() {
  const { t } = useTranslation('marketing');
  usePageMeta({ title: t('features.meta.title'), description: t('features.meta.description') });
  return (
    <PageContainer className="flex flex-col gap-12">
      <PageIntro title={t('features.title')} lead={t('features.lead')} />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {items.map(({ id, Icon }) => (
          <li key={id} className="flex flex-col gap-2 rounded-xl border border-border bg-card p-5">
            <Icon aria-hidden="true" className="size-6 text-primary" />
            <h2 className="font-semibold">{t(`features.items.${id}.title`)}</h2>
            <p className="text-sm leading-relaxed text-muted-foreground">{t(`features.items.${id}.body`)}</p>
          </li>
        ))}
      </ul>
      <PageSection title={t('features.ctaTitle')}>
        <PlanGrid compact />
        <div>
          <Button asChild variant="outline">
            <Link to="/pricing">{t('features.ctaButton')}</Link>
          </Button>
        </div>
      </PageSection>
    </PageContainer>
  );
}
