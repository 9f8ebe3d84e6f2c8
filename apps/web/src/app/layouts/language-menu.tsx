import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { currentLanguage, type Language } from '../../lib/i18n.ts';
import { DeferredMenu } from './deferred-menu.tsx';

const shortNames: Record<Language, string> = { 'pt-BR': 'PT', en: 'EN', es: 'ES' };

const loadLanguageMenuDropdown = () =>
  import('./language-menu-dropdown.tsx').then((module) => module.LanguageMenuDropdown);

/** The interface language, re-rendering on change. */
export function useInterfaceLanguage(): Language {
  const { i18n } = useTranslation('common');
  // i18n.language in the dependency chain makes this re-render on change; currentLanguage() normalises it.
  return i18n.language ? currentLanguage() : 'pt-BR';
}

export function LanguageMenu() {
  const { t } = useTranslation('common');
  const language = useInterfaceLanguage();
  return (
    <DeferredMenu
      load={loadLanguageMenuDropdown}
      trigger={
        // The accessible name starts with the visible text ("ES"), so people who steer by voice can say what they see.
        <Button
          variant="ghost"
          size="sm"
          aria-label={`${shortNames[language]}: ${t('nav.language')}, ${t(`languages.${language}`)}`}
        >
          <Globe aria-hidden="true" />
          <span aria-hidden="true">{shortNames[language]}</span>
        </Button>
      }
    />
  );
}
