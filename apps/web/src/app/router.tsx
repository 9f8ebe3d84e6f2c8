import type { ComponentType } from 'react';
import { publicPages, type PublicPagePath } from '@farol/i18n/public-pages';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingState } from '../components/ui/spinner.tsx';
import { loadAppNamespaces } from '../lib/i18n.ts';
import { SiteLayout } from './layouts/site-layout.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

/**
 * Loads a page on first visit (every route is its own chunk) together with the signed-in screens'
 * catalogues, so it renders translated on its first paint.
 */
const page = (load: () => Promise<ComponentType>) => async () => {
  const [Component] = await Promise.all([load(), loadAppNamespaces()]);
  return { Component };
};

/**
 * A public marketing page: its module awaits its own catalogues (`loadNamespaces`), and the signed-in
 * screens' copy stays off the first load of the landing (the landing's byte budget).
 */
const publicPage = (load: () => Promise<ComponentType>) => async () => ({ Component: await load() });

// The public pages come from the one list the server's SEO reads too (@farol/i18n/public-pages): TypeScript
// holds this map to it, so a page cannot be listed without its component or the other way round.
const publicPageModules: Record<Exclude<PublicPagePath, '/'>, () => Promise<ComponentType>> = {
  '/about': () => import('../pages/about-page.tsx').then((m) => m.AboutPage),
  '/ai-chat': () => import('../pages/ai-chat-page.tsx').then((m) => m.AiChatPage),
  '/blog': () => import('../pages/blog-page.tsx').then((m) => m.BlogPage),
  '/contact': () => import('../pages/contact-page.tsx').then((m) => m.ContactPage),
  '/developers': () => import('../pages/developers-page.tsx').then((m) => m.DevelopersPage),
  '/features': () => import('../pages/features-page.tsx').then((m) => m.FeaturesPage),
  '/pricing': () => import('../pages/pricing-page.tsx').then((m) => m.PricingPage),
  '/privacy': () => import('../pages/privacy-page.tsx').then((m) => m.PrivacyPage),
  '/terms': () => import('../pages/terms-page.tsx').then((m) => m.TermsPage),
  '/track-record': () => import('../pages/track-record-page.tsx').then((m) => m.TrackRecordPage),
  '/trading-signals': () => import('../pages/trading-signals-page.tsx').then((m) => m.TradingSignalsPage),
};
const publicRoutes: RouteObject[] = publicPages
  .filter((entry) => entry.path !== '/')
  .map((entry) => ({
    path: entry.path,
    lazy: publicPage(publicPageModules[entry.path as Exclude<PublicPagePath, '/'>]),
  }));

// The app's pages: anyone may open them; those that need a session guard themselves with useRequireAuth().
// ADD A ROUTE: one line in this list, alphabetical by path, pointing at apps/web/src/pages/<name>-page.tsx.
const pageRoutes: RouteObject[] = [
  { path: '/alerts', lazy: page(() => import('../pages/alerts-page.tsx').then((m) => m.AlertsPage)) },
  { path: '/chat', lazy: page(() => import('../pages/chat-page.tsx').then((m) => m.ChatPage)) },
  { path: '/coins/:symbol', lazy: page(() => import('../pages/coin-page.tsx').then((m) => m.CoinPage)) },
  {
    path: '/dashboard',
    lazy: page(() => import('../pages/dashboard-page.tsx').then((m) => m.DashboardPage)),
  },
  {
    path: '/email-settings',
    lazy: page(() => import('../pages/email-settings-page.tsx').then((m) => m.EmailSettingsPage)),
  },
  {
    path: '/forgot-password',
    lazy: page(() => import('../pages/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage)),
  },
  { path: '/login', lazy: page(() => import('../pages/login-page.tsx').then((m) => m.LoginPage)) },
  {
    path: '/market-analysis',
    lazy: page(() => import('../pages/market-analysis-page.tsx').then((m) => m.MarketAnalysisPage)),
  },
  { path: '/profile', lazy: page(() => import('../pages/profile-page.tsx').then((m) => m.ProfilePage)) },
  { path: '/register', lazy: page(() => import('../pages/register-page.tsx').then((m) => m.RegisterPage)) },
  {
    path: '/reset-password',
    lazy: page(() => import('../pages/reset-password-page.tsx').then((m) => m.ResetPasswordPage)),
  },
  { path: '/settings', lazy: page(() => import('../pages/settings-page.tsx').then((m) => m.SettingsPage)) },
  {
    path: '/verify-email',
    lazy: page(() => import('../pages/verify-email-page.tsx').then((m) => m.VerifyEmailPage)),
  },
];

export const routes: RouteObject[] = [
  {
    Component: SiteLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: () => <LoadingState className="min-h-dvh" />,
    children: [
      {
        // A page that fails (or whose chunk cannot be fetched offline) fails inside the site's frame: the top
        // bar and the offline notice stay.
        ErrorBoundary: RouteErrorBoundary,
        children: [
          // The landing stays outside AppDataLayout: no query client and no toasts on its first load (its byte
          // budget), so it must not fetch with TanStack Query; every other page gets both.
          {
            path: '/',
            lazy: publicPage(() => import('../pages/landing-page.tsx').then((m) => m.LandingPage)),
          },
          {
            lazy: async () => ({ Component: (await import('./layouts/app-data-layout.tsx')).AppDataLayout }),
            children: [
              ...publicRoutes,
              ...pageRoutes,
              {
                path: '*',
                lazy: publicPage(() => import('../pages/not-found-page.tsx').then((m) => m.NotFoundPage)),
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
