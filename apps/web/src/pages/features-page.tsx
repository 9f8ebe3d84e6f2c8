import {
  Bell,
  BrainCircuit,
  CandlestickChart,
  Globe2,
  KeyRound,
  Languages,
  LayoutDashboard,
  LineChart,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { IconCard, IconCardGrid } from '../features/marketing/components/icon-card.tsx';
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
      <IconCardGrid>
        {items.map(({ id, Icon }) => (
          <IconCard
            key={id}
            icon={Icon}
            headingLevel="h2"
            title={t(`features.items.${id}.title`)}
            body={t(`features.items.${id}.body`)}
          />
        ))}
      </IconCardGrid>
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
