import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title ("Entrar · Farol") and optionally the description meta, per page and language. */
export function useDocumentTitle(title: string, description?: string): void {
  const { t } = useTranslation('common');
  const brand = t('brand');
  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : brand;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description, brand]);
}
