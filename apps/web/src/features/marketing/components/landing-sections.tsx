import { ArrowRight, Quote } from 'lucide-react';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { InlineErrorState } from '../../../components/ui/error-state.tsx';
import { InlineLoading } from '../../../components/ui/spinner.tsx';
import { useSession } from '../../../lib/session.ts';
import { useNearViewport } from '../../../lib/use-near-viewport.ts';
import { productFacts } from '@farol/i18n/languages';
import { FaqList } from './faq-list.tsx';
import { CallToAction } from './page-intro.tsx';

function useNumberFormat(options: Intl.NumberFormatOptions) {
  const { i18n } = useTranslation();
  return new Intl.NumberFormat(i18n.language, options);
}

/** Platform figures, each one of the product facts the copy states (tested against the code defining it). */
export function PlatformStats() {
  const { t } = useTranslation('landing');
  const integer = useNumberFormat({ maximumFractionDigits: 0 });
  const seconds = useNumberFormat({ style: 'unit', unit: 'second', unitDisplay: 'narrow' });
  const figures = [
    { id: 'indicators', value: integer.format(productFacts.indicators) },
    { id: 'coins', value: integer.format(productFacts.coins) },
    { id: 'refresh', value: seconds.format(productFacts.livePriceSeconds) },
    { id: 'languages', value: integer.format(productFacts.languages) },
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

/**
 * The eight questions of the landing FAQ. The accuracy answer quotes the signals' track record: its code
 * (`loadAccuracyAnswer`, with zod and TanStack Query) loads only when the questions come near the viewport,
 * so the landing's first load does not carry it and the other answers never wait for it.
 */
export function LandingFaq({ loadAccuracyAnswer }: { loadAccuracyAnswer: () => Promise<ComponentType> }) {
  const { t } = useTranslation('landing');
  const ref = useRef<HTMLElement>(null);
  const isNear = useNearViewport(ref);
  const items = faqIds.map((id) => ({
    id,
    question: t(`faq.${id}.question`),
    answer:
      id === 'accuracy' ? (
        <DeferredAnswer isWanted={isNear} load={loadAccuracyAnswer} />
      ) : (
        t(`faq.${id}.answer`)
      ),
  }));
  return <FaqList ref={ref} title={t('faq.title')} items={items} />;
}

/** An answer whose code loads once wanted: loading, then the answer, or the failure with a retry. */
function DeferredAnswer({ isWanted, load }: { isWanted: boolean; load: () => Promise<ComponentType> }) {
  const { t } = useTranslation('landing');
  const [attempt, setAttempt] = useState(0);
  // what the load of one attempt gave: the answer's component, or null when the module failed to load
  const [loaded, setLoaded] = useState<{ attempt: number; Answer: ComponentType | null }>();
  useEffect(() => {
    if (!isWanted) return;
    let isCurrent = true;
    load().then(
      (Answer) => isCurrent && setLoaded({ attempt, Answer }),
      () => isCurrent && setLoaded({ attempt, Answer: null }),
    );
    return () => {
      isCurrent = false;
    };
  }, [isWanted, load, attempt]);
  const result = loaded?.attempt === attempt ? loaded : undefined;
  if (result?.Answer) return <result.Answer />;
  if (result) {
    return (
      <InlineErrorState
        message={t('faq.accuracy.error')}
        onRetry={() => setAttempt((previous) => previous + 1)}
      />
    );
  }
  return <InlineLoading label={t('faq.accuracy.loading')} />;
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
