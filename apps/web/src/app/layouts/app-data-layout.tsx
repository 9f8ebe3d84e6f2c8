import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { EmailVerificationBanner } from '../../features/auth/components/email-verification-banner.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { requestToaster } from '../deferred-toaster.tsx';

/** The app's one query client, also for what renders outside AppDataLayout (nav menus, start-up checks). */
export function AppQueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/**
 * Layout route of every page but the landing: TanStack Query and the toasts load with the pages that
 * fetch, not with the landing's first paint  (the landing's byte budget). The client is one module-level instance,
 * so its cache survives a visit to the landing in between.
 */
export function AppDataLayout() {
  useEffect(requestToaster, []);
  return (
    <AppQueryProvider>
      <EmailVerificationBanner />
      <Outlet />
    </AppQueryProvider>
  );
}
