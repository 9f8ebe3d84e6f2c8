import { LegalDocument } from '../features/marketing/components/legal-document.tsx';
import { loadNamespaces } from '../lib/i18n.ts';

await loadNamespaces('marketing', 'legal');

export function TermsPage() {
  return (
    <LegalDocument
      document="terms"
      sections={['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8', 's9', 's10']}
    />
  );
}
