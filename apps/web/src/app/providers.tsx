import { lazy, Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n.ts';
import { readSession, useSession } from '../lib/session.ts';
import { DeferredToaster, requestToaster } from './deferred-toaster.tsx';

// The language agreement only matters while signed in; loading it (and the contract schemas it parses
// with) only then keeps it off a visitor's first load (landing budget).
const LanguageAgreement = lazy(() => import('./language-agreement.tsx'));

// A session restored at start-up may have expired: the first call that finds out says so in a toast.
if (readSession()) requestToaster();

export function Providers({ children }: { children: ReactNode }) {
  const isSignedIn = useSession() !== null;
  return (
    <I18nextProvider i18n={i18n}>
      {isSignedIn ? (
        <Suspense fallback={null}>
          <LanguageAgreement />
        </Suspense>
      ) : null}
      {children}
      <DeferredToaster />
    </I18nextProvider>
  );
}
