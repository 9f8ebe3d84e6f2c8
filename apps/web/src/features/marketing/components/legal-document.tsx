import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/ui/page-container.tsx';
import { usePageMeta } from '../hooks/use-page-meta.ts';
import { PageIntro } from './page-intro.tsx';

/** Privacy policy or terms of use: numbered sections with a table of contents. */
export function LegalDocument({ document, sections }: { document: 'privacy' | 'terms'; sections: string[] }) {
  const { t } = useTranslation('legal');
  usePageMeta({ title: t(`${document}.meta.title`), description: t(`${document}.meta.description`) });
  return (
    <PageContainer className="grid gap-10 lg:grid-cols-[16rem_1fr]">
      <div className="lg:col-span-2">
        <PageIntro title={t(`${document}.title`)} lead={t(`${document}.lead`)} />
      </div>
      <nav aria-label={t('tocLabel')} className="lg:sticky lg:top-20 lg:self-start">
        <ol className="flex flex-col gap-1.5 border-l border-border pl-4 text-sm">
          {sections.map((section) => (
            <li key={section}>
              <a href={`#${section}`} className="text-muted-foreground hover:text-foreground">
                {t(`${document}.sections.${section}.title`)}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <article className="flex max-w-3xl flex-col gap-8">
        {sections.map((section) => (
          <section
            key={section}
            id={section}
            aria-labelledby={`${section}-title`}
            className="flex scroll-mt-20 flex-col gap-2"
          >
            <h2 id={`${section}-title`} className="text-lg font-semibold">
              {t(`${document}.sections.${section}.title`)}
            </h2>
            <p className="leading-relaxed text-muted-foreground">
              {t(`${document}.sections.${section}.body`)}
            </p>
          </section>
        ))}
      </article>
    </PageContainer>
  );
}
