import { useLanguageAgreement } from '../lib/use-change-language.ts';
import { AppQueryProvider } from './layouts/app-data-layout.tsx';

function LanguageAgreementCheck() {
  useLanguageAgreement();
  return null;
}

/** The start-up agreement between interface and account language, with the query client its hook needs. */
export default function LanguageAgreement() {
  return (
    <AppQueryProvider>
      <LanguageAgreementCheck />
    </AppQueryProvider>
  );
}
