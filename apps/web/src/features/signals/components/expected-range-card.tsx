import type { Analysis, ExpectedRange } from '@farol/contract';
import { MoveVertical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatPercent, formatPrice } from '../../../lib/format.ts';
import { currencyOf, useCurrency, type Currency } from '../../../lib/currency.ts';

/** "in 24 h" / "in 7 days": whole days read better than 168 h. */
function horizonLabelKey(horizonHours: number): { key: string; count: number } {
  return horizonHours % 24 === 0 && horizonHours > 24
    ? { key: 'ranges.inDays', count: horizonHours / 24 }
    : { key: 'ranges.inHours', count: horizonHours };
}

function RangeRow({ range, price, currency }: { range: ExpectedRange; price: number; currency: Currency }) {
  const { t } = useTranslation('marketAnalysis');
  const horizon = horizonLabelKey(range.horizonHours);
  const horizonText = t(horizon.key, { count: horizon.count });
  const low = formatPrice(range.low, currency);
  const high = formatPrice(range.high, currency);
  return (
    <li className="flex flex-col gap-1 rounded-md border border-border/60 bg-muted/20 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="text-sm font-medium">{horizonText}</span>
        <span className="text-sm tabular-nums text-muted-foreground">
          {formatPercent(((range.low - price) / price) * 100, { signed: true })}
          {' / '}
          {formatPercent(((range.high - price) / price) * 100, { signed: true })}
        </span>
      </div>
      <p className="text-base font-semibold tabular-nums">
        {t('ranges.between', {
          low,
          high,
          horizon: horizonText,
          times: Math.round(range.probability * 10),
        })}
      </p>
      <p className="text-xs text-muted-foreground">
        {range.measuredCoverage === null
          ? t('ranges.unmeasured')
          : t('ranges.measured', { coverage: formatPercent(range.measuredCoverage * 100) })}
      </p>
    </li>
  );
}

/** The analysis' expected ranges (24 h, 7 d) with the coverage measured on data the model never saw. */
export function ExpectedRangeCard({ analysis }: { analysis: Analysis }) {
  const { t } = useTranslation('marketAnalysis');
  const currency = currencyOf(analysis, useCurrency());
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MoveVertical aria-hidden="true" className="size-4 text-muted-foreground" />
          {t('ranges.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {analysis.expectedRange.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('ranges.empty')}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {analysis.expectedRange.map((range) => (
              <RangeRow key={range.horizonHours} range={range} price={analysis.price} currency={currency} />
            ))}
          </ul>
        )}
        <p className="text-xs text-muted-foreground">{t('ranges.method')}</p>
      </CardContent>
    </Card>
  );
}
