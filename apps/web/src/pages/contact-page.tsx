import { useTranslation } from 'react-i18next';
import { PageContainer } from '../components/ui/page-container.tsx';
import { ContactForm } from '../features/contact/components/contact-form.tsx';
import { FaqList } from '../features/marketing/components/faq-list.tsx';
import { PageIntro } from '../features/marketing/components/page-intro.tsx';
import { usePageMeta } from '../features/marketing/hooks/use-page-meta.ts';
import { loadNamespaces } from '../lib/i18n.ts';

await loadNamespaces('marketing', 'contact');

const faqIds = ['response', 'support', 'sales', 'advice'] as const;

export function ContactPage() {
  const { t } = useTranslation('contact');
  usePageMeta({ title: t('meta.title'), description: t('meta.description') });
  const faq = faqIds.map((id) => ({ id, question: t(`faq.${id}.question`), answer: t(`faq.${id}.answer`) }));
  return (
    <PageContainer className="flex flex-col gap-10">
      <PageIntro title={t('title')} lead={t('lead')} />
      <div className="grid gap-10 lg:grid-cols-[1.2fr_1fr]">
        <section
          aria-labelledby="contact-form-heading"
          className="flex flex-col gap-4 rounded-xl border border-border bg-card p-6"
        >
          <h2 id="contact-form-heading" className="text-lg font-semibold">
            {t('form.title')}
          </h2>
          <ContactForm />
        </section>
        <FaqList title={t('faq.title')} items={faq} />
      </div>
    </PageContainer>
  );
}
