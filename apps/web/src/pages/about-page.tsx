import { Database, GraduationCap, ScanEye, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { IconCard, IconCardGrid } from '../features/marketing/components/icon-card.tsx';
import { CallToAction, PageIntro, PageSection } from '../features/marketing/components/page-intro.tsx';
import { usePageMeta } from '../features/marketing/hooks/use-page-meta.ts';
import { loadNamespaces } from '../lib/i18n.ts';

await loadNamespaces('marketing');

const values = [
  { id: 'transparency', Icon: ScanEye },
  { id: 'realData', Icon: Database },
  { id: 'education', Icon: GraduationCap },
  { id: 'risk', Icon: ShieldCheck },
] as const;

export function AboutPage() {
  const { t } = useTranslation('marketing');
  usePageMeta({ title: t('about.meta.title'), description: t('about.meta.description') });
  return (
    <PageContainer className="flex flex-col gap-12">
      <PageIntro title={t('about.title')} lead={t('about.lead')} />
      <div className="grid gap-6 md:grid-cols-2">
        <PageSection title={t('about.missionTitle')}>
          <p className="leading-relaxed text-muted-foreground">{t('about.mission')}</p>
        </PageSection>
        <PageSection title={t('about.whatTitle')}>
          <p className="leading-relaxed text-muted-foreground">{t('about.what')}</p>
        </PageSection>
      </div>
      <PageSection title={t('about.valuesTitle')}>
        <IconCardGrid>
          {values.map(({ id, Icon }) => (
            <IconCard
              key={id}
              icon={Icon}
              title={t(`about.values.${id}.title`)}
              body={t(`about.values.${id}.body`)}
            />
          ))}
        </IconCardGrid>
      </PageSection>
      <CallToAction title={t('about.ctaTitle')} body={t('about.ctaBody')}>
        <Button asChild>
          <Link to="/contact">{t('about.ctaButton')}</Link>
        </Button>
      </CallToAction>
    </PageContainer>
  );
}
