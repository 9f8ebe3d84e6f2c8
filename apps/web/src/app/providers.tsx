import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from 'sonner';
import { i18n } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { useLanguageAgreement } from '../lib/use-change-language.ts';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Tooltip.Provider delayDuration={300}>
          <LanguageAgreement />
          {children}
          {/* Spec section 9: success toasts stay 5 s. */}
          <Toaster theme="dark" position="top-right" richColors closeButton duration={5000} offset={{ top: 64 }} mobileOffset={{ top: 64 }} />
        </Tooltip.Provider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

/** Rendered inside the query provider: the hook needs its client. */
function LanguageAgreement() {
  useLanguageAgreement();
  return null;
}
