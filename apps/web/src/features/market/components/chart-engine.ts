import type { CandleData } from '@farol/contract';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  CrosshairMode,
  HistogramSeries,
  LineSeries,
  LineStyle,
  TickMarkType,
  type IChartApi,
  type ISeriesApi,
  type Logical,
  type SeriesType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { chartPriceDigits, formatChartPrice, formatRsi, MARKET_TIME_ZONE } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import {
  pointsOf,
  type IndicatorChoice,
  type IndicatorId,
  type Studies,
  paneIndicators,
} from './chart-indicators.ts';
import { LATEST_CLEAR_BARS, RIGHT_OFFSET_BARS, type LogicalRange } from './chart-view.ts';

// The chart reads in São Paulo time whatever the visitor's clock (the zone of every market screen's times).
const CHART_TIME_ZONE = MARKET_TIME_ZONE;

export const chartColors = {
  background: '#121826',
  text: '#94a0b8',
  grid: '#1a2233',
  border: '#243045',
  up: '#22c55e',
  down: '#ef4444',
  /** Red for text on the chart's background: #ef4444 reads only just 4.5:1 there. */
  downText: '#f87171',
  rsi: '#a78bfa',
  macd: '#38bdf8',
  signal: '#f5b83d',
  bbands: '#60a5fa',
  ema50: '#f5b83d',
  ema200: '#e879f9',
  support: '#22c55e',
  resistance: '#ef4444',
} as const;

function zonedFormatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(currentLanguage(), { timeZone: CHART_TIME_ZONE, ...options });
}

/** Date and time of a candle in São Paulo time, as the crosshair and the read-out write it. */
export const candleTimeFormat = () =>
  zonedFormatter({ day: '2-digit', month: '2-digit', year: '2-digit', hour: '2-digit', minute: '2-digit' });

/** The chart library lays its panes out in a <table>: a layout table, not data, for assistive technology. */
function markLayoutTables(container: HTMLElement) {
  for (const table of container.querySelectorAll('table')) table.setAttribute('role', 'presentation');
}

function tickMarkFormatter() {
  const tickTime = zonedFormatter({ hour: '2-digit', minute: '2-digit' });
  const tickDay = zonedFormatter({ day: '2-digit', month: 'short' });
  const tickMonth = zonedFormatter({ month: 'short', year: '2-digit' });
  const tickYear = zonedFormatter({ year: 'numeric' });
  return (time: Time, type: TickMarkType) => {
    const date = new Date((time as number) * 1000);
    if (type === TickMarkType.Year) return tickYear.format(date);
    if (type === TickMarkType.Month) return tickMonth.format(date);
    if (type === TickMarkType.DayOfMonth) return tickDay.format(date);
    return tickTime.format(date);
  };
}

/**
 * A dark chart that fills its container: drag (or swipe) to pan, wheel or pinch to zoom; a vertical swipe
 * scrolls the page, not the chart, so a phone never gets stuck inside it.
 */
export function createFarolChart(container: HTMLElement): IChartApi {
  const crosshairTime = candleTimeFormat();
  const chart = createChart(container, {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: chartColors.background },
      textColor: chartColors.text,
      fontFamily: 'system-ui, sans-serif',
      fontSize: 11,
      attributionLogo: false,
      panes: { separatorColor: chartColors.border, enableResize: false },
    },
    grid: { vertLines: { color: chartColors.grid }, horzLines: { color: chartColors.grid } },
    crosshair: { mode: CrosshairMode.Magnet },
    rightPriceScale: { borderColor: chartColors.border },
    handleScroll: { mouseWheel: true, pressedMouseMove: true, horzTouchDrag: true, vertTouchDrag: false },
    handleScale: { mouseWheel: true, pinch: true, axisPressedMouseMove: true, axisDoubleClickReset: true },
    timeScale: {
      borderColor: chartColors.border,
      timeVisible: true,
      secondsVisible: false,
      rightOffset: RIGHT_OFFSET_BARS,
      fixLeftEdge: true,
      tickMarkFormatter: tickMarkFormatter(),
    },
    localization: {
      locale: currentLanguage(),
      timeFormatter: (time: Time) => crosshairTime.format(new Date((time as number) * 1000)),
    },
  });
  markLayoutTables(container);
  return chart;
}

// Per-series 'custom' formats (Intl, in the interface language): a chart-wide localization.priceFormatter would
// force the price's decimals onto the RSI (1) and MACD (4) panes too.
function intlFormat(digits: number, format: (value: number) => string) {
  return { type: 'custom', minMove: 10 ** -digits, formatter: format } as const;
}

/** The price pane's format: the chart's digits for this coin (none above 1 000). */
export function priceFormatFor(reference: number) {
  const digits = chartPriceDigits(reference);
  return intlFormat(digits, (value) => formatChartPrice(value, digits));
}

export function addCandleSeries(chart: IChartApi): ISeriesApi<'Candlestick'> {
  return chart.addSeries(CandlestickSeries, {
    upColor: chartColors.up,
    downColor: chartColors.down,
    borderVisible: false,
    wickUpColor: chartColors.up,
    wickDownColor: chartColors.down,
  });
}

/** Every line or bar series a study draws, by the name of its data. */
export type StudyPart =
  | 'volume'
  | 'rsi'
  | 'histogram'
  | 'macd'
  | 'signal'
  | 'bbUpper'
  | 'bbMiddle'
  | 'bbLower'
  | 'ema50'
  | 'ema200';

export const studyParts: Record<IndicatorId, readonly StudyPart[]> = {
  volume: ['volume'],
  rsi: ['rsi'],
  macd: ['histogram', 'macd', 'signal'],
  bbands: ['bbUpper', 'bbMiddle', 'bbLower'],
  ema50: ['ema50'],
  ema200: ['ema200'],
};

type ChartPoint = { time: UTCTimestamp; value: number; color?: string };
export type ChartPoints = Record<StudyPart, ChartPoint[]> & {
  candles: { time: UTCTimestamp; open: number; high: number; low: number; close: number }[];
};

const timed = (points: { time: number; value: number }[]): ChartPoint[] =>
  points.map((point) => ({ time: point.time as UTCTimestamp, value: point.value }));

/** Everything the chart draws, in the library's shape; studies' warm-up bars are left out. */
export function chartPointsOf(candles: readonly CandleData[], studies: Studies): ChartPoints {
  const line = (values: Float64Array) => timed(pointsOf(candles, values));
  return {
    candles: candles.map(({ time, open, high, low, close }) => ({
      time: time as UTCTimestamp,
      open,
      high,
      low,
      close,
    })),
    volume: candles.map((candle) => ({
      time: candle.time as UTCTimestamp,
      value: candle.volume,
      color: candle.close >= candle.open ? `${chartColors.up}59` : `${chartColors.down}59`,
    })),
    rsi: line(studies.rsi),
    macd: line(studies.macd.macd),
    signal: line(studies.macd.signal),
    histogram: line(studies.macd.histogram).map((point) => ({
      ...point,
      color: point.value >= 0 ? `${chartColors.up}99` : `${chartColors.down}99`,
    })),
    bbUpper: line(studies.bbands.upper),
    bbMiddle: line(studies.bbands.middle),
    bbLower: line(studies.bbands.lower),
    ema50: line(studies.ema50),
    ema200: line(studies.ema200),
  };
}

/** The chart and every series on it, studies by the data they draw. */
export type ChartHandles = {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  parts: Map<StudyPart, ISeriesApi<SeriesType>>;
  /** Set when the chart is removed: its series and lines went with it. */
  isRemoved: boolean;
  /**
   * Bars drawn. Refreshes append (the view stays still), so the chart keeps the candles a sliding window has
   * dropped: its bar `i` is candle `i - (barCount - candles.length)`.
   */
  barCount: number;
};

type PriceFormat = ReturnType<typeof priceFormatFor>;
type StudySeries = Partial<Record<StudyPart, ISeriesApi<SeriesType>>>;

// Thin lines without their own last-value boxes: the legends at the top of each pane say the values.
const studyLine = {
  lineWidth: 1,
  priceLineVisible: false,
  lastValueVisible: false,
  crosshairMarkerVisible: false,
} as const;

function addVolume(chart: IChartApi): StudySeries {
  const volume = chart.addSeries(
    HistogramSeries,
    {
      priceScaleId: 'volume',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    },
    0,
  );
  // Volume sits in the bottom sixth of the price pane, under the candles.
  volume.priceScale().applyOptions({ scaleMargins: { top: 0.84, bottom: 0 } });
  return { volume };
}

function addRsi(chart: IChartApi): StudySeries {
  const rsi = chart.addSeries(
    LineSeries,
    {
      ...studyLine,
      color: chartColors.rsi,
      lastValueVisible: true,
      // the scale margins make room for values past 0 and 100 an RSI never takes: no tick there
      priceFormat: intlFormat(1, (value) => (value > 100.05 || value < -0.05 ? '' : formatRsi(value))),
      // 0 to 100 always, so 30 and 70 stay where the eye expects them
      autoscaleInfoProvider: () => ({ priceRange: { minValue: 0, maxValue: 100 } }),
    },
    chart.panes().length,
  );
  // room at the top for the legend
  rsi.priceScale().applyOptions({ scaleMargins: { top: 0.2, bottom: 0.06 } });
  for (const [price, color] of [
    [70, chartColors.down],
    [30, chartColors.up],
  ] as const)
    rsi.createPriceLine({
      price,
      color,
      lineStyle: LineStyle.Dashed,
      lineWidth: 1,
      axisLabelVisible: false,
      title: '',
    });
  return { rsi };
}

// MACD is a difference of prices: its axis takes the price's digits (BTC "-506", ADA "0,0020"); the legend says
// its value with the 4 decimals every MACD reading has.
function addMacd(chart: IChartApi, format: PriceFormat): StudySeries {
  const pane = chart.panes().length;
  const histogram = chart.addSeries(
    HistogramSeries,
    { priceLineVisible: false, lastValueVisible: false, priceFormat: format },
    pane,
  );
  const macd = chart.addSeries(
    LineSeries,
    { ...studyLine, color: chartColors.macd, lastValueVisible: true, priceFormat: format },
    pane,
  );
  const signal = chart.addSeries(
    LineSeries,
    { ...studyLine, color: chartColors.signal, priceFormat: format },
    pane,
  );
  macd.priceScale().applyOptions({ scaleMargins: { top: 0.22, bottom: 0.06 } });
  return { histogram, macd, signal };
}

function addBands(chart: IChartApi, priceFormat: PriceFormat): StudySeries {
  const band = (lineStyle: LineStyle) =>
    chart.addSeries(LineSeries, { ...studyLine, color: chartColors.bbands, lineStyle, priceFormat }, 0);
  return { bbUpper: band(LineStyle.Solid), bbMiddle: band(LineStyle.Dashed), bbLower: band(LineStyle.Solid) };
}

const addAverage =
  (part: 'ema50' | 'ema200') =>
  (chart: IChartApi, priceFormat: PriceFormat): StudySeries => ({
    [part]: chart.addSeries(LineSeries, { ...studyLine, color: chartColors[part], priceFormat }, 0),
  });

const studyCreators: Record<IndicatorId, (chart: IChartApi, priceFormat: PriceFormat) => StudySeries> = {
  volume: addVolume,
  rsi: addRsi,
  macd: addMacd,
  bbands: addBands,
  ema50: addAverage('ema50'),
  ema200: addAverage('ema200'),
};

/** Price pane three parts, each study pane one: switching a pane off gives its height back to the others. */
function arrangePanes(handles: ChartHandles): void {
  const paneOf = (id: (typeof paneIndicators)[number]) => handles.parts.get(studyParts[id][0]!)?.getPane();
  const rsiPane = paneOf('rsi');
  const macdPane = paneOf('macd');
  if (rsiPane && macdPane && rsiPane.paneIndex() > macdPane.paneIndex()) rsiPane.moveTo(macdPane.paneIndex());
  handles.chart.panes().forEach((pane, index) => pane.setStretchFactor(index === 0 ? 3 : 1));
}

/** Adds the studies switched on (drawn from `points`) and removes those switched off, with their panes. */
export function syncStudies(
  handles: ChartHandles,
  choice: IndicatorChoice,
  points: ChartPoints | null,
  priceFormat: PriceFormat,
): void {
  for (const [id, parts] of Object.entries(studyParts) as [IndicatorId, readonly StudyPart[]][]) {
    const isShown = parts.every((part) => handles.parts.has(part));
    if (choice[id] && !isShown) {
      for (const [part, series] of Object.entries(studyCreators[id](handles.chart, priceFormat))) {
        handles.parts.set(part as StudyPart, series);
        if (points) series.setData(points[part as StudyPart] as never);
      }
    } else if (!choice[id] && isShown) {
      for (const part of parts) {
        handles.chart.removeSeries(handles.parts.get(part)!);
        handles.parts.delete(part);
      }
    }
  }
  arrangePanes(handles);
}

/** Gives the price pane, its overlays and the MACD axis the digits of the coin on screen. */
export function applyPriceFormat(handles: ChartHandles, priceFormat: PriceFormat): void {
  handles.candles.applyOptions({ priceFormat });
  for (const part of [
    'bbUpper',
    'bbMiddle',
    'bbLower',
    'ema50',
    'ema200',
    'histogram',
    'macd',
    'signal',
  ] as const)
    handles.parts.get(part)?.applyOptions({ priceFormat });
}

/**
 * Draws `points`: all of them for a new series (`since` null), else only the bars at or after `since`
 * (the live candle and any new one), so the view the trader panned to does not jump on a refresh.
 */
export function fillChart(handles: ChartHandles, points: ChartPoints, since: number | null): void {
  const apply = (series: ISeriesApi<SeriesType>, data: { time: UTCTimestamp }[]) => {
    if (since === null) series.setData(data as never);
    else for (const point of data) if (point.time >= since) series.update(point as never);
  };
  apply(handles.candles, points.candles);
  for (const [part, series] of handles.parts) apply(series, points[part]);
  handles.barCount =
    since === null
      ? points.candles.length
      : handles.barCount + points.candles.filter((candle) => candle.time > since).length;
  markDrawnSeries(handles);
}

/**
 * The range and last close of the candles the chart holds, on its element (`data-drawn-low`, `-high`,
 * `-close`): the series is drawn on a canvas, and the browser tests compare what it holds, not what it was
 * handed, with the price on screen (a series patched across currencies holds one currency's history under
 * the other's last candle).
 */
function markDrawnSeries(handles: ChartHandles): void {
  const element = handles.chart.chartElement().parentElement;
  if (!element) return;
  let low = Infinity;
  let high = -Infinity;
  let close: number | undefined;
  for (const bar of handles.candles.data()) {
    if (!('close' in bar)) continue;
    low = Math.min(low, bar.low);
    high = Math.max(high, bar.high);
    close = bar.close;
  }
  if (close === undefined) return;
  element.dataset.drawnLow = String(low);
  element.dataset.drawnHigh = String(high);
  element.dataset.drawnClose = String(close);
}

/** How many bars the chart holds before the first of `candleCount` candles (see ChartHandles.barCount). */
export const barOffset = (handles: ChartHandles, candleCount: number) =>
  Math.max(0, handles.barCount - candleCount);

/** Where things are on the drawn chart, in CSS pixels from the chart's top-left corner. */
export type ChartGeometry = {
  panes: { top: number; height: number }[];
  /** Width of the plotting area, the price axis excluded. */
  plotWidth: number;
  /** The y of each price asked for in the price pane (NaN when out of view). */
  priceYs: number[];
  /** Left edge of the latest candles (LATEST_CLEAR_BARS), clamped to the plotting area. */
  clearFromX: number;
  /** The candles in view, as indexes into the candles given (not the chart's own bar indexes). */
  range: LogicalRange | null;
};

function paneBoxes(chart: IChartApi, container: HTMLElement): ChartGeometry['panes'] {
  const origin = container.getBoundingClientRect().top;
  let top = 0;
  return chart.panes().map((pane, index) => {
    const box = pane.getHTMLElement()?.getBoundingClientRect();
    const height = box?.height ?? chart.paneSize(index).height;
    const paneTop = box ? box.top - origin : top;
    top = paneTop + height + 1;
    return { top: paneTop, height };
  });
}

/** Reads the geometry the overlays (legends, level labels) are laid out on. */
export function measureChart(
  handles: ChartHandles,
  container: HTMLElement,
  prices: readonly number[],
  candleCount: number,
): ChartGeometry {
  const timeScale = handles.chart.timeScale();
  const plotWidth = timeScale.width();
  const firstLatest = handles.barCount - LATEST_CLEAR_BARS;
  const offset = barOffset(handles, candleCount);
  const range = timeScale.getVisibleLogicalRange();
  const centre = timeScale.logicalToCoordinate(firstLatest as Logical);
  const next = timeScale.logicalToCoordinate((firstLatest + 1) as Logical);
  const halfBar = centre !== null && next !== null ? (next - centre) / 2 : 0;
  const clearFromX = centre === null ? plotWidth : Math.min(plotWidth, centre - halfBar);
  return {
    panes: paneBoxes(handles.chart, container),
    plotWidth,
    priceYs: prices.map((price) => handles.candles.priceToCoordinate(price) ?? Number.NaN),
    clearFromX,
    range: range && { from: range.from - offset, to: range.to - offset },
  };
}

const sameNumber = (a: number, b: number) =>
  a === b || (Number.isNaN(a) && Number.isNaN(b)) || Math.abs(a - b) < 0.5;

/** True when nothing an overlay reads moved by half a pixel or more. */
export function sameGeometry(a: ChartGeometry | null, b: ChartGeometry): boolean {
  if (!a) return false;
  return (
    sameNumber(a.plotWidth, b.plotWidth) &&
    sameNumber(a.clearFromX, b.clearFromX) &&
    a.panes.length === b.panes.length &&
    a.panes.every(
      (pane, index) =>
        sameNumber(pane.top, b.panes[index]!.top) && sameNumber(pane.height, b.panes[index]!.height),
    ) &&
    a.priceYs.length === b.priceYs.length &&
    a.priceYs.every((y, index) => sameNumber(y, b.priceYs[index]!)) &&
    a.range?.from === b.range?.from &&
    a.range?.to === b.range?.to
  );
}
