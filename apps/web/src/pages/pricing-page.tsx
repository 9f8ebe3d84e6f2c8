import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { CallToAction, PageIntro, PageSection } from '../features/marketing/components/page-intro.tsx';
import { usePageMeta } from '../features/marketing/hooks/use-page-meta.ts';
import { PlanGrid } from '../features/pricing/components/plan-grid.tsx';
import { loadNamespaces } from '../lib/i18n.ts';

await loadNamespaces('marketing', 'pricing');

const faqIds = ['change', 'cancel', 'payment', 'data'] as const;

export function PricingPage() {
  const { t } = useTranslation('pricing');
  usePageMeta({ title: t('meta.title'), description: t('meta.description') });
  return (
    <PageContainer className="flex flex-col gap-12">
      <PageIntro title={t('title')} lead={t('lead')} />
      <div className="flex flex-col gap-4">
        <PlanGrid />
        <p className="text-sm text-muted-foreground">
          {t('freeNote')}{' '}
          <Link to="/register" className="font-medium text-primary hover:underline">
            {t('freeLink')}
          </Link>
        </p>
      </div>
      <section
        aria-labelledby="guarantee-heading"
        className="flex items-start gap-4 rounded-xl border border-success/30 bg-success/5 p-6"
      >
        <ShieldCheck aria-hidden="true" className="size-8 shrink-0 text-success" />
        <div className="flex flex-col gap-1">
          <h2 id="guarantee-heading" className="text-lg font-semibold">
            {t('guarantee.title')}
          </h2>
          <p className="text-sm leading-relaxed text-muted-foreground">{t('guarantee.body')}</p>
        </div>
      </section>
      <PageSection title={t('faq.title')}>
        <dl className="grid gap-4 md:grid-cols-2">
          {faqIds.map((id) => (
            <div key={id} className="flex flex-col gap-1.5 rounded-xl border border-border bg-card p-5">
              <dt className="font-semibold">{t(`faq.${id}.question`)}</dt>
              <dd className="text-sm leading-relaxed text-muted-foreground">{t(`faq.${id}.answer`)}</dd>
            </div>
          ))}
        </dl>
      </PageSection>
      <CallToAction title={t('sales.title')} body={t('sales.body')}>
        <Button asChild>
          <Link to="/contact">{t('sales.button')}</Link>
        </Button>
      </CallToAction>
    </PageContainer>
  );
}
