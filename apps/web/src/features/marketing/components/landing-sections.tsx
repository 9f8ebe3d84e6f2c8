import { ArrowRight, Quote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useSession } from '../../../lib/session.ts';
import { marketFreshnessSeconds } from '@farol/contract/market-constants';
import { languages, productFacts } from '@farol/i18n/languages';
import { backtestResults, buySideHitRate, dayHorizon } from '../data/backtest-results.ts';
import { FaqList } from './faq-list.tsx';
import { CallToAction } from './page-intro.tsx';

function useNumberFormat(options: Intl.NumberFormatOptions) {
  const { i18n } = useTranslation();
  return new Intl.NumberFormat(i18n.language, options);
}

/** Platform figures, each read from the product: the indicator catalogue, the coin list, the cache, the catalogues. */
export function PlatformStats() {
  const { t } = useTranslation('landing');
  const integer = useNumberFormat({ maximumFractionDigits: 0 });
  const seconds = useNumberFormat({ style: 'unit', unit: 'second', unitDisplay: 'narrow' });
  const figures = [
    { id: 'indicators', value: integer.format(productFacts.indicators) },
    { id: 'coins', value: integer.format(productFacts.coins) },
    { id: 'refresh', value: seconds.format(marketFreshnessSeconds.prices) },
    { id: 'languages', value: integer.format(languages.length) },
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
            <dd className="order-1 text-3xl font-semibold tracking-tight text-primary tabular-nums">
              {value}
            </dd>
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
              <blockquote className="flex-1 leading-relaxed text-foreground/90">
                {t(`testimonials.${id}.quote`)}
              </blockquote>
              <figcaption className="text-sm font-medium text-muted-foreground">
                {t(`testimonials.${id}.role`)}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">{t('testimonials.note')}</p>
    </section>
  );
}

const faqIds = [
  'analysis',
  'accuracy',
  'sentiment',
  'coverage',
  'marketTops',
  'education',
  'alerts',
  'plans',
] as const;

/** The eight questions of the landing FAQ. */
export function LandingFaq() {
  const { t, i18n } = useTranslation('landing');
  const percent = useNumberFormat({ style: 'percent', maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const integer = useNumberFormat({ maximumFractionDigits: 0 });
  const date = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const { data, engine } = backtestResults;
  // the accuracy answer quotes the published backtest; the analysis answer the engine's configuration
  const params = {
    symbols: data.symbols.join(', '),
    from: date.format(new Date(data.from)),
    to: date.format(new Date(data.to)),
    signals: integer.format(dayHorizon.signals),
    buyHit: percent.format(buySideHitRate(dayHorizon)),
    alwaysLong: percent.format(dayHorizon.alwaysLong.hitRate),
    rules: engine.ruleCount,
    timeframes: engine.timeframes.length,
  };
  const items = faqIds.map((id) => ({
    id,
    question: t(`faq.${id}.question`),
    answer: t(`faq.${id}.answer`, params),
  }));
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
