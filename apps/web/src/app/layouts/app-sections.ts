import { Bell, ChartCandlestick, LayoutDashboard, MessageSquare } from 'lucide-react';

/** The signed-in app's sections, in the top bar (md and up) and the bottom tab bar (phones). */
export const appSections = [
  { to: '/dashboard', key: 'appNav.sections.dashboard', Icon: LayoutDashboard },
  { to: '/market-analysis', key: 'appNav.sections.analysis', Icon: ChartCandlestick },
  { to: '/chat', key: 'appNav.sections.chat', Icon: MessageSquare },
  { to: '/alerts', key: 'appNav.sections.alerts', Icon: Bell },
] as const;

export type AppSection = (typeof appSections)[number];

/** A coin's page is the coin's analysis screen, so the analysis section is marked there. */
export function isSectionActive(section: AppSection, pathname: string): boolean {
  if (pathname === section.to || pathname.startsWith(`${section.to}/`)) return true;
  return section.to === '/market-analysis' && pathname.startsWith('/coins/');
}

const appPaths = [
  '/dashboard',
  '/market-analysis',
  '/chat',
  '/alerts',
  '/settings',
  '/profile',
  '/email-settings',
];

/** The signed-in screens: no marketing footer there, only the one-line footer with the risk disclaimer. */
export function isAppPath(pathname: string): boolean {
  return appPaths.includes(pathname) || pathname.startsWith('/coins/');
}

/** Screens that fill the viewport's height themselves (the chat pins its input to the bottom). */
export function isFullHeightPath(pathname: string): boolean {
  return pathname === '/chat';
}
