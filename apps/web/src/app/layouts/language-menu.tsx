import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { currentLanguage, supportedLanguages, type Language } from '../../lib/i18n.ts';
import { useChangeLanguage } from '../../lib/use-change-language.ts';

const shortNames: Record<Language, string> = { 'pt-BR': 'PT', en: 'EN', es: 'ES' };

export function LanguageMenu() {
  const { t, i18n } = useTranslation('common');
  const changeLanguage = useChangeLanguage();
  // i18n.language in the dependency chain makes this re-render on change; currentLanguage() normalises it.
  const language = i18n.language ? currentLanguage() : 'pt-BR';
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`${t('nav.language')}: ${t(`languages.${language}`)}`}>
          <Globe aria-hidden="true" />
          <span aria-hidden="true">{shortNames[language]}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="text-xs text-muted-foreground">{t('nav.language')}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={language} onValueChange={(value) => void changeLanguage(value as Language)}>
          {supportedLanguages.map((option) => (
            <DropdownMenuRadioItem key={option} value={option} lang={option}>
              {t(`languages.${option}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
