import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('notFound.title'));
  return (
    <PageContainer className="flex flex-1 items-center justify-center">
      <div className="w-full max-w-md">
        <h1 className="sr-only">{t('notFound.title')}</h1>
        <EmptyState
          icon={Compass}
          title={<span className="text-lg">{t('notFound.title')}</span>}
          description={t('notFound.description')}
          action={
            <Button asChild>
              <Link to="/">{t('notFound.home')}</Link>
            </Button>
          }
        />
      </div>
    </PageContainer>
  );
}
