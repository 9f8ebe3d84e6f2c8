import { ArrowRight, LayoutDashboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { languages } from '@farol/i18n/languages';
import { Button } from '../../../components/ui/button.tsx';
import { useSession } from '../../../lib/session.ts';

/**
 * The first screen: a still headline (nothing moves while it is read), the product's picture beside it from lg up
 * and under it on phones. Signed out, creating a free account is the primary action and logging in to the chat
 * the secondary; signed in, the chat and the dashboard. useSession follows storage changes, including another tab
 * logging in or out.
 */
export function LandingHero() {
  const { t } = useTranslation('landing');
  const session = useSession();
  return (
    <section className="relative overflow-hidden border-b border-border">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 mx-auto h-80 max-w-3xl rounded-full bg-primary/10 blur-3xl"
      />
      <div className="relative mx-auto grid w-full max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:px-8">
        <div className="flex min-w-0 flex-col items-start gap-6">
          <span className="rounded-full border border-primary/40 bg-primary/10 px-3 py-1 text-xs font-medium text-primary">
            {t('hero.badge')}
          </span>
          <h1 className="max-w-4xl text-4xl leading-tight font-semibold tracking-tight text-balance sm:text-5xl">
            {t('hero.titleLead')} <span className="text-primary">{t('hero.phrases.first')}</span>
          </h1>
          <p className="max-w-2xl text-base leading-relaxed text-pretty text-muted-foreground sm:text-lg">
            {t('hero.subtitle')}
          </p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:flex-wrap sm:items-center">
            {session ? (
              <>
                <Button asChild size="lg">
                  <Link to="/chat">
                    {t('hero.startChat')}
                    <ArrowRight aria-hidden="true" />
                  </Link>
                </Button>
                <Button asChild size="lg" variant="outline">
                  <Link to="/dashboard">
                    <LayoutDashboard aria-hidden="true" />
                    {t('hero.dashboard')}
                  </Link>
                </Button>
              </>
            ) : (
              <>
                <Button asChild size="lg">
                  <Link to="/register">
                    {t('hero.register')}
                    <ArrowRight aria-hidden="true" />
                  </Link>
                </Button>
                <Button asChild size="lg" variant="outline">
                  <Link to="/login">{t('hero.loginToChat')}</Link>
                </Button>
              </>
            )}
          </div>
          <p className="text-xs text-muted-foreground">{t('hero.note')}</p>
        </div>
        <DashboardShot />
      </div>
    </section>
  );
}

/**
 * The product itself: the dashboard's first screen from the production build on the simulated market
 * (`npm run screenshots:hero` writes the files), the phone's capture below sm. The sizes are the captures'
 * own, so the box is reserved before the bytes arrive; the files stay off the first load's critical path.
 */
function DashboardShot() {
  const { t, i18n } = useTranslation('landing');
  const language = languages.find((code) => code === i18n.resolvedLanguage) ?? 'pt-BR';
  return (
    <figure className="w-full min-w-0">
      <picture>
        <source
          media="(max-width: 639px)"
          srcSet={`/hero/dashboard-phone-${language}.webp`}
          width={390}
          height={640}
        />
        <img
          src={`/hero/dashboard-desktop-${language}.webp`}
          width={1366}
          height={768}
          alt={t('heroShot.alt')}
          loading="lazy"
          decoding="async"
          className="h-auto w-full rounded-xl border border-border shadow-2xl shadow-black/40"
        />
      </picture>
      <figcaption className="mt-3 text-center text-xs text-muted-foreground">
        {t('heroShot.caption')}
      </figcaption>
    </figure>
  );
}
