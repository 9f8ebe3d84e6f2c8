import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { supportedLanguages, type Language } from '../../lib/i18n.ts';
import { useChangeLanguage } from '../../lib/use-change-language.ts';
import { AppQueryProvider } from './app-data-layout.tsx';
import type { DeferredMenuProps } from './deferred-menu.tsx';
import { useInterfaceLanguage } from './language-menu.tsx';

/** The language menu itself, loaded on first use by LanguageMenu; switching refetches through the query client. */
export function LanguageMenuDropdown(props: DeferredMenuProps) {
  return (
    <AppQueryProvider>
      <LanguageMenuContent {...props} />
    </AppQueryProvider>
  );
}

function LanguageMenuContent({ trigger, defaultOpen }: DeferredMenuProps) {
  const { t } = useTranslation('common');
  const changeLanguage = useChangeLanguage();
  const language = useInterfaceLanguage();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="text-xs text-muted-foreground">{t('nav.language')}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup
          value={language}
          onValueChange={(value) => void changeLanguage(value as Language)}
        >
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
