import type {
  IndicatorReading,
  SignalSummary,
  SignalValue,
  SummaryCell,
  SummaryIndicator,
  SummaryRow,
} from '@farol/contract';
import { formatDecimal } from '@farol/i18n/format';
import { Popover } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';
import { formatMacd, formatMarketDateTime, formatPercent, formatRsi } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

// Buy side green, sell side red, neutral grey: the colours of the signal badges elsewhere.
const readingTone: Record<IndicatorReading, string> = {
  buy: 'border-success/40 bg-success/10 text-success',
  neutral: 'border-border bg-muted/40 text-muted-foreground',
  sell: 'border-danger/40 bg-danger/10 text-danger-text',
};
const signalTone: Record<SignalValue, string> = {
  strong_buy: 'bg-success text-success-foreground',
  buy: 'bg-success/15 text-success',
  neutral: 'bg-muted text-foreground',
  sell: 'bg-danger/15 text-danger-text',
  strong_sell: 'bg-red-700 text-white',
};

/** Each indicator's value as the analysis writes it (RSI 1 decimal, MACD 4, %B whole, EMA gap in %, volume ×). */
function formatValue(indicator: SummaryIndicator, value: number | null): string {
  if (value === null) return '';
  const language = currentLanguage();
  switch (indicator) {
    case 'rsi':
      return formatRsi(value);
    case 'macd':
      return formatMacd(value);
    case 'bollinger':
      return `%B ${formatDecimal(value, 0, language)}`;
    case 'ema':
      return formatPercent(value, { signed: true });
    case 'volume':
      return `${formatDecimal(value, 2, language)}×`;
    default:
      return formatDecimal(value, 1, language);
  }
}

/** The score on a −100 … +100 bar with its class: the signal in one glance. */
export function SignalScore({ summary, symbol }: { summary: SignalSummary; symbol: string }) {
  const { t } = useTranslation(['coin', 'signals']);
  const position = (summary.score + 100) / 2;
  // a typographic minus, as on the scale
  const score = summary.score > 0 ? `+${summary.score}` : summary.score < 0 ? `−${-summary.score}` : '0';
  const label = t(`signals:signal.${summary.signal}`);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-4xl font-semibold tabular-nums">{score}</p>
        <span className={cn('rounded-full px-3 py-1 text-sm font-semibold', signalTone[summary.signal])}>
          {label}
        </span>
      </div>
      <div
        role="meter"
        aria-label={t('coin:score.label', { symbol })}
        aria-valuemin={-100}
        aria-valuemax={100}
        aria-valuenow={summary.score}
        aria-valuetext={`${score} · ${label}`}
        className="relative h-3 rounded-full bg-gradient-to-r from-red-700 via-muted to-success"
      >
        <span
          aria-hidden="true"
          className="absolute top-1/2 size-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-background bg-foreground shadow"
          style={{ left: `${position}%` }}
        />
      </div>
      <div aria-hidden="true" className="flex justify-between text-xs text-muted-foreground tabular-nums">
        <span>−100</span>
        <span>0</span>
        <span>+100</span>
      </div>
      <p className="text-sm text-muted-foreground">{t('coin:score.scale')}</p>
      <p className="text-xs text-muted-foreground">
        {t('coin:score.asOf', { date: formatMarketDateTime(summary.asOf) })}
      </p>
    </div>
  );
}

/** One cell: the reading and value; tapping (or Enter) opens the one-sentence explanation. */
function ReadingCell({ row, cell }: { row: SummaryRow; cell: SummaryCell }) {
  const { t } = useTranslation('coin');
  const reading = t(`summary.readings.${cell.reading}`);
  return (
    <Popover.Root>
      <Popover.Trigger
        className={cn(
          'flex w-full flex-col items-center rounded-md border px-1.5 py-1.5 text-xs font-medium sm:px-2',
          'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          readingTone[cell.reading],
        )}
      >
        <span className="sr-only">
          {t(`summary.rows.${row.indicator}`)}, {cell.timeframe}:
        </span>{' '}
        <span>{reading}</span>{' '}
        <span className="font-normal text-foreground/80 tabular-nums">
          {formatValue(row.indicator, cell.value)}
        </span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          sideOffset={6}
          collisionPadding={12}
          className="z-50 max-w-72 rounded-md border border-border bg-popover p-3 text-sm shadow-lg shadow-black/40"
        >
          <p className="font-medium">
            {row.name} · {cell.timeframe}
          </p>
          <p className="mt-1 text-muted-foreground">{cell.explanation}</p>
          <Popover.Arrow className="fill-border" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** Rows RSI, MACD, Bollinger, ADX, EMA 50/200, volume; columns 1h, 4h, 1d. */
export function SignalSummaryTable({ summary }: { summary: SignalSummary }) {
  const { t } = useTranslation('coin');
  const timeframes = summary.rows[0]?.cells.map((cell) => cell.timeframe) ?? [];
  return (
    <div className="-mx-1 overflow-x-auto">
      <table className="w-full border-separate border-spacing-1 text-sm">
        <caption className="text-left text-xs text-muted-foreground">{t('summary.hint')}</caption>
        <thead>
          <tr>
            <th scope="col" className="text-left text-xs font-medium text-muted-foreground">
              {t('summary.indicator')}
            </th>
            {timeframes.map((timeframe) => (
              <th key={timeframe} scope="col" className="text-xs font-medium text-muted-foreground">
                {timeframe}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {summary.rows.map((row) => (
            <tr key={row.indicator}>
              <th scope="row" className="pr-1 text-left text-xs font-medium whitespace-nowrap">
                {t(`summary.rows.${row.indicator}`)}
              </th>
              {row.cells.map((cell) => (
                <td key={cell.timeframe}>
                  <ReadingCell row={row} cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
