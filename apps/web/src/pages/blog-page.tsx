import { useTranslation } from 'react-i18next';
import { PageContainer } from '../components/ui/page-container.tsx';
import {
  BlogArticleCard,
  BlogCategories,
  NewsletterSignup,
} from '../features/marketing/components/blog-sections.tsx';
import { PageIntro, PageSection } from '../features/marketing/components/page-intro.tsx';
import { blogArticles } from '../features/marketing/data/blog-articles.ts';
import { usePageMeta } from '../features/marketing/hooks/use-page-meta.ts';
import { loadNamespaces } from '../lib/i18n.ts';

await loadNamespaces('marketing', 'blog');

export function BlogPage() {
  const { t } = useTranslation('blog');
  usePageMeta({ title: t('meta.title'), description: t('meta.description') });
  const featured = blogArticles.filter((article) => article.featured);
  const recent = blogArticles.filter((article) => !article.featured);
  return (
    <PageContainer className="flex flex-col gap-10">
      <PageIntro title={t('title')} lead={t('lead')} />
      <BlogCategories />
      <PageSection title={t('featuredTitle')}>
        <ul className="grid gap-4 md:grid-cols-3">
          {featured.map((article) => (
            <li key={article.id}>
              <BlogArticleCard article={article} featured />
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection title={t('recentTitle')}>
        <ul className="grid gap-4 md:grid-cols-3">
          {recent.map((article) => (
            <li key={article.id}>
              <BlogArticleCard article={article} />
            </li>
          ))}
        </ul>
      </PageSection>
      <NewsletterSignup />
    </PageContainer>
  );
}
