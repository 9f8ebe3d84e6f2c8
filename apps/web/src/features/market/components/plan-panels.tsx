import { ChartCandlestick, Lock, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { UpgradeButton } from '../../../components/upgrade-button.tsx';

/** Free plan: 5 coins and a subscribe-now button to /pricing. */
export function FreePlanBanner() {
  const { t } = useTranslation('dashboard');
  // one line, not a block: the coins come first on a phone
  return (
    <aside
      aria-label={t('plan.freeBanner.title')}
      className="flex items-center gap-2 rounded-md border border-primary/30 bg-primary/5 px-3 py-2 text-sm"
    >
      <Sparkles aria-hidden="true" className="size-4 shrink-0 text-primary" />
      <p className="min-w-0 flex-1 text-muted-foreground">{t('plan.freeBanner.line')}</p>
      <Link
        to="/pricing"
        className="inline-flex min-h-11 shrink-0 items-center font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring sm:min-h-0"
      >
        {t('plan.freeBanner.subscribe')}
      </Link>
    </aside>
  );
}

/** A plan without the coin table: an upgrade panel in its place. */
export function LockedCoinsPanel() {
  const { t } = useTranslation('dashboard');
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <Lock aria-hidden="true" className="size-8 text-primary" />
        <h2 className="text-lg font-semibold">{t('plan.locked.title')}</h2>
        <p className="max-w-md text-sm text-muted-foreground">{t('plan.locked.description')}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <UpgradeButton />
          <Button asChild variant="outline">
            <Link to="/pricing">{t('plan.seePlans')}</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * The way to the full analysis. The free plan (without the admin flag) sees it disabled with an upsell;
 * other plans go to /market-analysis, where the server decides what the plan may see.
 */
export function AnalysisShortcut({ isFreePlan }: { isFreePlan: boolean }) {
  const { t } = useTranslation('dashboard');
  const reasonId = useId();
  return (
    <Card className="h-full">
      <CardContent className="flex h-full flex-col justify-between gap-3 pt-5">
        <div className="flex gap-3">
          <ChartCandlestick aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <div>
            <p className="font-medium">{t('plan.analysis.title')}</p>
            {/* on the free plan this line says why the button is disabled, and the button points to it */}
            <p id={reasonId} className="text-sm text-muted-foreground">
              {isFreePlan ? t('plan.analysis.upsell') : t('plan.analysis.description')}
            </p>
          </div>
        </div>
        {isFreePlan ? (
          <div className="flex flex-wrap gap-2">
            <Button disabled aria-describedby={reasonId}>
              {t('plan.analysis.open')}
            </Button>
            <UpgradeButton variant="outline" />
          </div>
        ) : (
          <Button asChild className="self-start">
            <Link to="/market-analysis">{t('plan.analysis.open')}</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
