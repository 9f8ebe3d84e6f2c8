import { ArrowRight, Quote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useSession } from '../../../lib/session.ts';
import { platformFigures } from '../data/static-figures.ts';
import { FaqList } from './faq-list.tsx';
import { CallToAction } from './page-intro.tsx';

function useNumberFormat(options: Intl.NumberFormatOptions) {
  const { i18n } = useTranslation();
  return new Intl.NumberFormat(i18n.language, options);
}

/** Platform figures from the marketing copy. */
export function PlatformStats() {
  const { t } = useTranslation('landing');
  const integer = useNumberFormat({ maximumFractionDigits: 0 });
  const seconds = useNumberFormat({ style: 'unit', unit: 'second', unitDisplay: 'narrow' });
  const percent = useNumberFormat({ style: 'percent', maximumFractionDigits: 1 });
  const figures = [
    { id: 'indicators', value: `${integer.format(platformFigures.indicators)}+` },
    { id: 'coins', value: `${integer.format(platformFigures.coins)}+` },
    { id: 'refresh', value: seconds.format(platformFigures.refreshSeconds) },
    { id: 'uptime', value: percent.format(platformFigures.uptimePercent / 100) },
  ];
  return (
    <section aria-labelledby="stats-heading">
      <h2 id="stats-heading" className="sr-only">
        {t('stats.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {figures.map(({ id, value }) => (
          <div key={id} className="flex flex-col gap-1 rounded-lg border border-border bg-card px-4 py-5">
            <dt className="order-2 text-sm text-muted-foreground">{t(`stats.${id}`)}</dt>
            <dd className="order-1 text-3xl font-semibold tracking-tight text-primary tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const routines = ['dayTrader', 'holder', 'beginner'] as const;

/** The testimonials block, written as usage routines (we have no customer quotes to show yet). */
export function UsageRoutines() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="routines-heading" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h2 id="routines-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {t('testimonials.title')}
        </h2>
        <p className="text-muted-foreground">{t('testimonials.subtitle')}</p>
      </div>
      <ul className="grid gap-4 md:grid-cols-3">
        {routines.map((id) => (
          <li key={id}>
            <figure className="flex h-full flex-col gap-4 rounded-xl border border-border bg-card p-6">
              <Quote aria-hidden="true" className="size-6 text-primary/70" />
              <blockquote className="flex-1 leading-relaxed text-foreground/90">{t(`testimonials.${id}.quote`)}</blockquote>
              <figcaption className="text-sm font-medium text-muted-foreground">{t(`testimonials.${id}.role`)}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">{t('testimonials.note')}</p>
    </section>
  );
}

const faqIds = ['analysis', 'accuracy', 'sentiment', 'coverage', 'marketTops', 'education', 'alerts', 'plans'] as const;

/** The eight questions of the landing FAQ (spec section 2). */
export function LandingFaq() {
  const { t } = useTranslation('landing');
  const items = faqIds.map((id) => ({ id, question: t(`faq.${id}.question`), answer: t(`faq.${id}.answer`) }));
  return <FaqList title={t('faq.title')} items={items} />;
}

/** Closing call to action: the chat when signed in, the login page otherwise. */
export function LandingCallToAction() {
  const { t } = useTranslation('landing');
  const session = useSession();
  return (
    <CallToAction title={t('cta.title')} body={t('cta.body')}>
      <Button asChild size="lg">
        <Link to={session ? '/chat' : '/login'}>
          {t('cta.button')}
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </CallToAction>
  );
}
