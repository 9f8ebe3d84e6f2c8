import type { CandleData } from '@farol/contract';
import { macd, rsi } from '@farol/indicators';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  LineSeries,
  LineStyle,
  TickMarkType,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { formatMacd, formatRsi } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

// The chart reads in São Paulo time whatever the visitor's clock.
const CHART_TIME_ZONE = 'America/Sao_Paulo';
const colors = {
  background: '#121826',
  text: '#94a0b8',
  grid: '#1a2233',
  border: '#243045',
  up: '#22c55e',
  down: '#ef4444',
  rsi: '#a78bfa',
  macd: '#38bdf8',
  signal: '#f5b83d',
  support: '#22c55e',
  resistance: '#ef4444',
} as const;

export type PriceLevel = { price: number; kind: 'support' | 'resistance'; title: string };

export type PriceChartProps = {
  candles: readonly CandleData[];
  /** Changes when symbol or interval change: the series are replaced instead of updated in place. */
  seriesKey: string;
  height: number;
  /** Volume, RSI(14) and MACD(12,26,9) panes under the candles. */
  withIndicators?: boolean;
  levels?: readonly PriceLevel[];
  /** Accessible name of the chart region. */
  label: string;
};

type ChartSeries = {
  candles: ISeriesApi<'Candlestick'>;
  volume?: ISeriesApi<'Histogram'>;
  rsi?: ISeriesApi<'Line'>;
  macdLine?: ISeriesApi<'Line'>;
  macdSignal?: ISeriesApi<'Line'>;
  macdHistogram?: ISeriesApi<'Histogram'>;
};

function zonedFormatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(currentLanguage(), { timeZone: CHART_TIME_ZONE, ...options });
}

/** The chart library lays its panes out in a <table>: a layout table, not data, for assistive technology. */
function markLayoutTables(container: HTMLElement) {
  for (const table of container.querySelectorAll('table')) table.setAttribute('role', 'presentation');
}

function createFarolChart(container: HTMLElement, height: number): IChartApi {
  const crosshairTime = zonedFormatter({
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  const tickTime = zonedFormatter({ hour: '2-digit', minute: '2-digit' });
  const tickDay = zonedFormatter({ day: '2-digit', month: 'short' });
  const tickMonth = zonedFormatter({ month: 'short', year: '2-digit' });
  const tickYear = zonedFormatter({ year: 'numeric' });
  const toDate = (time: Time) => new Date((time as number) * 1000);
  const chart = createChart(container, {
    height,
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: colors.background },
      textColor: colors.text,
      fontFamily: 'system-ui, sans-serif',
      attributionLogo: false,
      panes: { separatorColor: colors.border, enableResize: false },
    },
    grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
    rightPriceScale: { borderColor: colors.border },
    timeScale: {
      borderColor: colors.border,
      timeVisible: true,
      secondsVisible: false,
      tickMarkFormatter: (time: Time, type: TickMarkType) => {
        const date = toDate(time);
        if (type === TickMarkType.Year) return tickYear.format(date);
        if (type === TickMarkType.Month) return tickMonth.format(date);
        if (type === TickMarkType.DayOfMonth) return tickDay.format(date);
        return tickTime.format(date);
      },
    },
    localization: {
      locale: currentLanguage(),
      timeFormatter: (time: Time) => crosshairTime.format(toDate(time)),
    },
  });
  markLayoutTables(container);
  return chart;
}

// Per-series 'custom' formats (Intl, in the interface language): a chart-wide localization.priceFormatter would
// force the price's 2 decimals onto the RSI (1) and MACD (4) panes too.
function intlFormat(minMove: number, format: (value: number) => string) {
  return { type: 'custom', minMove, formatter: format } as const;
}

function addSeries(chart: IChartApi, withIndicators: boolean): ChartSeries {
  const price = new Intl.NumberFormat(currentLanguage(), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const candles = chart.addSeries(CandlestickSeries, {
    priceFormat: intlFormat(0.01, (value) => price.format(value)),
    upColor: colors.up,
    downColor: colors.down,
    borderVisible: false,
    wickUpColor: colors.up,
    wickDownColor: colors.down,
  });
  if (!withIndicators) return { candles };
  const volume = chart.addSeries(HistogramSeries, {
    priceScaleId: 'volume',
    priceFormat: { type: 'volume' },
    lastValueVisible: false,
    priceLineVisible: false,
  });
  // Volume sits in the bottom fifth of the price pane, under the candles.
  chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  const rsiFormat = intlFormat(0.1, (value) => formatRsi(value));
  const rsiSeries = chart.addSeries(
    LineSeries,
    { color: colors.rsi, lineWidth: 1, priceLineVisible: false, title: 'RSI 14', priceFormat: rsiFormat },
    1,
  );
  rsiSeries.createPriceLine({
    price: 70,
    color: colors.down,
    lineStyle: LineStyle.Dashed,
    lineWidth: 1,
    axisLabelVisible: false,
    title: '',
  });
  rsiSeries.createPriceLine({
    price: 30,
    color: colors.up,
    lineStyle: LineStyle.Dashed,
    lineWidth: 1,
    axisLabelVisible: false,
    title: '',
  });
  const macdFormat = intlFormat(0.0001, (value) => formatMacd(value));
  const macdHistogram = chart.addSeries(
    HistogramSeries,
    { priceLineVisible: false, lastValueVisible: false, priceFormat: macdFormat },
    2,
  );
  const macdLine = chart.addSeries(
    LineSeries,
    {
      color: colors.macd,
      lineWidth: 1,
      priceLineVisible: false,
      title: 'MACD 12 26 9',
      priceFormat: macdFormat,
    },
    2,
  );
  const macdSignal = chart.addSeries(
    LineSeries,
    {
      color: colors.signal,
      lineWidth: 1,
      priceLineVisible: false,
      lastValueVisible: false,
      priceFormat: macdFormat,
    },
    2,
  );
  const panes = chart.panes();
  panes[0]?.setStretchFactor(3);
  panes[1]?.setStretchFactor(1);
  panes[2]?.setStretchFactor(1);
  return { candles, volume, rsi: rsiSeries, macdLine, macdSignal, macdHistogram };
}

type Point = { time: UTCTimestamp; value: number };

/** Indicator values aligned with the candles; the warm-up (NaN) part is left out, as the chart expects. */
export function computeIndicatorPoints(candles: readonly CandleData[]) {
  const closes = candles.map((candle) => candle.close);
  const rsiValues = rsi(closes, 14);
  const macdValues = macd(closes, { fast: 12, slow: 26, signal: 9 });
  const pointsOf = (values: Float64Array): Point[] =>
    candles.flatMap((candle, index) =>
      Number.isFinite(values[index]) ? [{ time: candle.time as UTCTimestamp, value: values[index]! }] : [],
    );
  return {
    rsi: pointsOf(rsiValues),
    macd: pointsOf(macdValues.macd),
    signal: pointsOf(macdValues.signal),
    histogram: pointsOf(macdValues.histogram).map((point) => ({
      ...point,
      color: point.value >= 0 ? `${colors.up}99` : `${colors.down}99`,
    })),
  };
}

function candleBars(candles: readonly CandleData[]) {
  return candles.map(({ time, open, high, low, close }) => ({
    time: time as UTCTimestamp,
    open,
    high,
    low,
    close,
  }));
}

function volumeBars(candles: readonly CandleData[]) {
  return candles.map((candle) => ({
    time: candle.time as UTCTimestamp,
    value: candle.volume,
    color: candle.close >= candle.open ? `${colors.up}66` : `${colors.down}66`,
  }));
}

/** Points at or after `since`: the last candle that moved and any that opened since the previous refresh. */
const tail = <T extends { time: UTCTimestamp }>(points: T[], since: number) =>
  points.filter((point) => point.time >= since);

function fillSeries(series: ChartSeries, candles: readonly CandleData[], since: number | null): void {
  const bars = candleBars(candles);
  const volumes = volumeBars(candles);
  const indicators = series.rsi ? computeIndicatorPoints(candles) : null;
  const apply = <T extends { time: UTCTimestamp }>(
    target: ISeriesApi<'Candlestick' | 'Histogram' | 'Line'> | undefined,
    points: T[],
  ) => {
    if (!target) return;
    // setData redraws everything; update() moves only the live candle, so the view does not jump.
    if (since === null) target.setData(points as never);
    else for (const point of tail(points, since)) target.update(point as never);
  };
  apply(series.candles, bars);
  apply(series.volume, volumes);
  if (indicators) {
    apply(series.rsi, indicators.rsi);
    apply(series.macdLine, indicators.macd);
    apply(series.macdSignal, indicators.signal);
    apply(series.macdHistogram, indicators.histogram);
  }
}

/** Candlestick chart (lightweight-charts) with optional volume/RSI/MACD panes and support/resistance lines. */
const noLevels: readonly PriceLevel[] = [];

export function PriceChart({
  candles,
  seriesKey,
  height,
  withIndicators = false,
  levels = noLevels,
  label,
}: PriceChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<{ chart: IChartApi; series: ChartSeries } | null>(null);
  const shownRef = useRef<{ key: string; lastTime: number } | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const chart = createFarolChart(container, height);
    chartRef.current = { chart, series: addSeries(chart, withIndicators) };
    return () => {
      chart.remove();
      chartRef.current = null;
      shownRef.current = null;
    };
  }, [height, withIndicators]);

  useEffect(() => {
    const current = chartRef.current;
    const last = candles[candles.length - 1];
    if (!current || !last) return;
    const shown = shownRef.current;
    const isSameSeries = shown?.key === seriesKey && last.time >= shown.lastTime;
    fillSeries(current.series, candles, isSameSeries ? shown.lastTime : null);
    if (!isSameSeries) current.chart.timeScale().fitContent();
    shownRef.current = { key: seriesKey, lastTime: last.time };
  }, [candles, seriesKey]);

  useEffect(() => {
    const current = chartRef.current;
    if (!current) return;
    const lines: IPriceLine[] = levels.map((level) =>
      current.series.candles.createPriceLine({
        price: level.price,
        color: level.kind === 'support' ? colors.support : colors.resistance,
        lineStyle: LineStyle.Dashed,
        lineWidth: 1,
        axisLabelVisible: true,
        title: level.title,
      }),
    );
    return () => {
      // On unmount the chart is removed first (effects clean up in order); its lines went with it.
      if (chartRef.current !== current) return;
      for (const line of lines) current.series.candles.removePriceLine(line);
    };
  }, [levels]);

  return (
    <div
      ref={containerRef}
      role="img"
      aria-label={label}
      style={{ height }}
      className="w-full overflow-hidden rounded-md"
    />
  );
}

export default PriceChart;
