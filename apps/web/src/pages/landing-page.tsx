import { useTranslation } from 'react-i18next';
import { FeatureTabs } from '../features/marketing/components/feature-tabs.tsx';
import { LandingHero } from '../features/marketing/components/landing-hero.tsx';
import {
  LandingCallToAction,
  LandingFaq,
  PlatformStats,
  UsageRoutines,
} from '../features/marketing/components/landing-sections.tsx';
import { ProvidersStrip } from '../features/marketing/components/providers-strip.tsx';
import { usePageMeta } from '../features/marketing/hooks/use-page-meta.ts';
import { loadNamespaces } from '../lib/i18n.ts';

// The route renders only once its copy is in: no keys on screen, no layout shift.
await loadNamespaces('landing');

/** The FAQ's accuracy answer, from the track record: loaded when the questions come near (landing budget). */
export const loadAccuracyAnswer = () =>
  import('../features/signals/components/record-accuracy-answer.tsx').then((module) => module.default);

export function LandingPage() {
  const { t } = useTranslation('landing');
  usePageMeta({ title: t('meta.title'), description: t('meta.description'), fullTitle: true });
  return (
    <>
      <LandingHero />
      <ProvidersStrip />
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-16 px-4 py-14 sm:px-6 lg:px-8">
        <FeatureTabs />
        <PlatformStats />
        <UsageRoutines />
        <LandingFaq loadAccuracyAnswer={loadAccuracyAnswer} />
        <LandingCallToAction />
      </div>
    </>
  );
}
