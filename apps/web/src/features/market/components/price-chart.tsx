import type { CandleData } from '@farol/contract';
import { LineStyle, type AutoscaleInfo, type IPriceLine, type Logical } from 'lightweight-charts';
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';
import { chartPriceDigits, formatChartPrice, formatPercent } from '../../../lib/format.ts';
import {
  addCandleSeries,
  applyPriceFormat,
  barOffset,
  candleTimeFormat,
  chartColors,
  chartPointsOf,
  createFarolChart,
  fillChart,
  measureChart,
  priceFormatFor,
  sameGeometry,
  syncStudies,
  type ChartGeometry,
  type ChartHandles,
} from './chart-engine.ts';
import { computeStudies, type IndicatorChoice } from './chart-indicators.ts';
import { LevelLabels } from './chart-level-labels.tsx';
import { PriceLegend, StudyLegend } from './chart-legend.tsx';
import { mergeLevels, rangeWithNearestLevels, type PriceLevel } from './chart-levels.ts';
import {
  candleIndexAt,
  initialVisibleRange,
  readoutAt,
  visibleBarCount,
  visibleSummary,
} from './chart-view.ts';

export type { PriceLevel };

/** What the card's buttons do to the chart: zoom around the latest bar, or go back to the opening view. */
export type ChartView = { zoom: (factor: number) => void; showLatest: () => void };

export type PriceChartProps = {
  candles: readonly CandleData[];
  /** Changes when symbol or interval change: the series are replaced instead of updated in place. */
  seriesKey: string;
  /** Height in pixels; without it the chart fills its parent (full screen). */
  height?: number;
  /** Studies to draw: volume, EMA and Bollinger on the price, RSI and MACD in panes of their own. */
  indicators?: IndicatorChoice;
  levels?: readonly PriceLevel[];
  /** Accessible name of the chart (pair and interval); a summary of what is in view is added to it. */
  label: string;
  viewRef?: Ref<ChartView>;
  /**
   * What a tap or click on the price pane offers at the price under it (an alert at that price); shown
   * beside the point until the next tap or its own close.
   */
  priceAction?: (price: number, close: () => void) => ReactNode;
};

const noStudies: IndicatorChoice = {
  volume: false,
  rsi: false,
  macd: false,
  bbands: false,
  ema50: false,
  ema200: false,
};
const noLevels: readonly PriceLevel[] = [];

type TappedPrice = { price: number; y: number };

type LiveValues = { barCount: number; prices: readonly number[]; seriesKey: string };

/**
 * Creates the chart once and reports what the overlays need: its geometry after every redraw (pan, zoom,
 * resize, new data), the candle under the crosshair and the candle tapped or clicked.
 */
function useFarolChart(
  containerRef: RefObject<HTMLDivElement | null>,
  live: RefObject<LiveValues>,
  report: {
    geometry: (next: ChartGeometry) => void;
    hover: (index: number | null) => void;
    /** The open time of the candle tapped, null for a tap beside the candles. */
    tap: (time: number | null) => void;
    /** The price under a tap or click on the price pane, and where it was (px from the top). */
    priceTap: (tapped: TappedPrice | null) => void;
  },
) {
  const handlesRef = useRef<ChartHandles | null>(null);
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const chart = createFarolChart(container);
    const handles: ChartHandles = {
      chart,
      candles: addCandleSeries(chart),
      parts: new Map(),
      isRemoved: false,
      barCount: 0,
    };
    handlesRef.current = handles;
    let frame = 0;
    const measureSoon = () => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        report.geometry(measureChart(handles, container, live.current.prices, live.current.barCount));
      });
    };
    // A primitive is told of every redraw (autoscale, price axis drag included): the overlays follow the drawing.
    handles.candles.attachPrimitive({ updateAllViews: measureSoon });
    chart.timeScale().subscribeVisibleLogicalRangeChange(measureSoon);
    const candleAt = (logical: number | undefined) =>
      logical === undefined
        ? null
        : candleIndexAt(logical - barOffset(handles, live.current.barCount), live.current.barCount);
    chart.subscribeCrosshairMove((param) => report.hover(candleAt(param.logical)));
    // A tap pins the read-out on a candle and marks it with the crosshair (a touch has no hover); a mouse
    // click does nothing more than the hover already shows, so the read-out goes back to the latest when it leaves.
    let pointerType = 'mouse';
    const notePointer = (event: PointerEvent) => {
      pointerType = event.pointerType;
    };
    container.addEventListener('pointerdown', notePointer, { capture: true });
    chart.subscribeClick((param) => {
      const price =
        param.point && (param.paneIndex ?? 0) === 0 ? handles.candles.coordinateToPrice(param.point.y) : null;
      report.priceTap(price !== null && price > 0 && param.point ? { price, y: param.point.y } : null);
      if (pointerType !== 'touch') return;
      const bar = param.seriesData.get(handles.candles);
      if (candleAt(param.logical) !== null && param.time !== undefined && bar && 'close' in bar) {
        report.tap(param.time as number);
        chart.setCrosshairPosition(bar.close, param.time, handles.candles);
      } else {
        report.tap(null);
        chart.clearCrosshairPosition();
      }
    });
    return () => {
      container.removeEventListener('pointerdown', notePointer, { capture: true });
      cancelAnimationFrame(frame);
      handles.isRemoved = true;
      chart.remove();
      handlesRef.current = null;
    };
  }, [containerRef, live, report]);
  return handlesRef;
}

/** Draws the candles and studies; a new symbol or interval opens on the last 60 (phone) or 90 bars. */
function useChartData(
  handlesRef: RefObject<ChartHandles | null>,
  candles: readonly CandleData[],
  seriesKey: string,
  indicators: IndicatorChoice,
) {
  const studies = useMemo(() => computeStudies(candles), [candles]);
  const points = useMemo(() => chartPointsOf(candles, studies), [candles, studies]);
  const reference = candles.at(-1)?.close ?? 0;
  const priceFormat = useMemo(() => priceFormatFor(reference), [reference]);
  const shownRef = useRef<{ key: string; lastTime: number } | null>(null);
  const pointsRef = useRef(points);

  useEffect(() => {
    const handles = handlesRef.current;
    if (!handles) return;
    syncStudies(handles, indicators, shownRef.current ? pointsRef.current : null, priceFormat);
  }, [handlesRef, indicators, priceFormat]);

  useEffect(() => {
    const handles = handlesRef.current;
    if (handles) applyPriceFormat(handles, priceFormat);
  }, [handlesRef, priceFormat]);

  useEffect(() => {
    pointsRef.current = points;
    const handles = handlesRef.current;
    const last = candles.at(-1);
    if (!handles || !last) return;
    const shown = shownRef.current;
    const isSameSeries = shown?.key === seriesKey && last.time >= shown.lastTime;
    fillChart(handles, points, isSameSeries ? shown.lastTime : null);
    if (!isSameSeries) showLatestBars(handles);
    shownRef.current = { key: seriesKey, lastTime: last.time };
  }, [handlesRef, candles, points, seriesKey]);
  return studies;
}

/**
 * One dashed line per level, its price on the axis (the labels are LevelLabels'); the nearest level each side
 * is kept in view.
 */
function useLevelLines(handlesRef: RefObject<ChartHandles | null>, levels: readonly PriceLevel[]) {
  useEffect(() => {
    const handles = handlesRef.current;
    if (!handles) return;
    const lines: IPriceLine[] = levels.map((level) =>
      handles.candles.createPriceLine({
        price: level.price,
        color: level.kind === 'support' ? chartColors.support : chartColors.resistance,
        lineStyle: LineStyle.Dashed,
        lineWidth: 1,
        axisLabelVisible: true,
        title: '',
      }),
    );
    const prices = levels.map((level) => level.price);
    handles.candles.applyOptions({
      autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
        const own = original();
        return own?.priceRange ? { ...own, priceRange: rangeWithNearestLevels(own.priceRange, prices) } : own;
      },
    });
    return () => {
      // On unmount the chart is removed first (effects clean up in order); its lines went with it.
      if (handles.isRemoved) return;
      for (const line of lines) handles.candles.removePriceLine(line);
    };
  }, [handlesRef, levels]);
}

/** Keeps the candles under the legend and above the volume bars, whatever the legend's height. */
function useScaleMargins(
  handlesRef: RefObject<ChartHandles | null>,
  legendHeight: number,
  paneHeight: number,
  hasVolume: boolean,
) {
  useEffect(() => {
    const handles = handlesRef.current;
    if (!handles || paneHeight <= 0) return;
    const top = Math.min(0.45, Math.max(0.06, (legendHeight + 8) / paneHeight));
    handles.candles.priceScale().applyOptions({ scaleMargins: { top, bottom: hasVolume ? 0.18 : 0.06 } });
  }, [handlesRef, legendHeight, paneHeight, hasVolume]);
}

/** The opening view: the last 60 bars on a phone-wide chart, 90 wider. */
function showLatestBars(handles: ChartHandles) {
  const width = handles.chart.chartElement().clientWidth;
  handles.chart.timeScale().setVisibleLogicalRange(initialVisibleRange(handles.barCount, width));
}

function useChartView(viewRef: Ref<ChartView> | undefined, handlesRef: RefObject<ChartHandles | null>) {
  useImperativeHandle(
    viewRef,
    () => ({
      zoom: (factor) => {
        const timeScale = handlesRef.current?.chart.timeScale();
        const range = timeScale?.getVisibleLogicalRange();
        if (!timeScale || !range) return;
        // the right edge (the latest bars) stays put, as traders expect from a zoom button
        const span = Math.max(10, (range.to - range.from) * factor);
        timeScale.setVisibleLogicalRange({ from: (range.to - span) as Logical, to: range.to });
      },
      showLatest: () => {
        if (handlesRef.current) showLatestBars(handlesRef.current);
      },
    }),
    [handlesRef],
  );
}

type ChartOverlayProps = {
  candles: readonly CandleData[];
  geometry: ChartGeometry;
  index: number;
  indicators: IndicatorChoice;
  studies: ReturnType<typeof computeStudies>;
  groups: ReturnType<typeof mergeLevels>;
  legendHeight: number;
  legendRef: Ref<HTMLDivElement>;
};

/** Legends at the top of each pane and the level labels, laid over the drawing where the chart says. */
function ChartOverlay({
  candles,
  geometry,
  index,
  indicators,
  studies,
  groups,
  legendHeight,
  legendRef,
}: ChartOverlayProps) {
  const time = useMemo(() => candleTimeFormat(), []);
  const readout = readoutAt(candles, index);
  const pricePane = geometry.panes[0];
  if (!readout || !pricePane) return null;
  const digits = chartPriceDigits(candles.at(-1)?.close ?? 0);
  const studyPanes = (['rsi', 'macd'] as const).filter((study) => indicators[study]);
  const legendWidth = Math.max(120, geometry.plotWidth - 8);
  return (
    <>
      <PriceLegend
        readout={readout}
        time={time.format(new Date(readout.time * 1000))}
        studies={studies}
        index={index}
        choice={indicators}
        digits={digits}
        top={pricePane.top}
        maxWidth={legendWidth}
        legendRef={legendRef}
      />
      {studyPanes.map((study, position) => {
        const pane = geometry.panes[position + 1];
        return pane ? (
          <StudyLegend
            key={study}
            study={study}
            studies={studies}
            index={index}
            style={{ top: pane.top + 2, maxWidth: legendWidth }}
            isCompact={geometry.plotWidth < 400}
          />
        ) : null;
      })}
      <LevelLabels groups={groups} geometry={geometry} legendHeight={legendHeight} digits={digits} />
    </>
  );
}

/** "Last close 95,310; +2.31% over the 90 candles in view (26/11/26 10:00 – 27/11/26 14:00)." */
function useSummary(candles: readonly CandleData[], geometry: ChartGeometry | null): string {
  const { t } = useTranslation('dashboard');
  const time = useMemo(() => candleTimeFormat(), []);
  const summary = visibleSummary(candles, geometry?.range ?? null);
  if (!summary) return t('chartControls.noCandles');
  return t('chartControls.summary', {
    close: formatChartPrice(summary.last.close, chartPriceDigits(summary.last.close)),
    change: formatPercent(summary.changePercent, { signed: true }),
    count: summary.bars,
    from: time.format(new Date(summary.first.time * 1000)),
    to: time.format(new Date(summary.last.time * 1000)),
  });
}

/**
 * Candlestick chart (lightweight-charts) a trader drives: pan, zoom, crosshair read-out, studies switched on and
 * off, support and resistance with their labels. Its text alternative says the last close and the change in view.
 */
export function PriceChart({
  candles,
  seriesKey,
  height,
  indicators = noStudies,
  levels = noLevels,
  label,
  viewRef,
  priceAction,
}: PriceChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const groups = useMemo(() => mergeLevels(levels), [levels]);
  const live = useRef<LiveValues>({ barCount: 0, prices: [], seriesKey });
  const [geometry, setGeometry] = useState<ChartGeometry | null>(null);
  const [hover, setHover] = useState<number | null>(null);
  // a tapped candle belongs to the series it was tapped on: another coin or interval forgets it
  const [pinned, setPinned] = useState<{ key: string; time: number } | null>(null);
  const [legendHeight, setLegendHeight] = useState(16);
  const [tapped, setTapped] = useState<(TappedPrice & { key: string }) | null>(null);
  const report = useMemo(
    () => ({
      geometry: (next: ChartGeometry) =>
        setGeometry((previous) => (sameGeometry(previous, next) ? previous : next)),
      hover: setHover,
      tap: (time: number | null) => setPinned(time === null ? null : { key: live.current.seriesKey, time }),
      priceTap: (next: TappedPrice | null) =>
        setTapped(next === null ? null : { ...next, key: live.current.seriesKey }),
    }),
    [],
  );
  useLayoutEffect(() => {
    live.current = { barCount: candles.length, prices: groups.map((group) => group.anchor), seriesKey };
  }, [candles.length, groups, seriesKey]);
  // the legend's height decides where the candles may start (scale margin) and where level labels may go
  const legendRef = useCallback((node: HTMLDivElement | null) => {
    if (!node) return;
    const observer = new ResizeObserver(() => setLegendHeight(node.offsetHeight));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  const handlesRef = useFarolChart(containerRef, live, report);
  const studies = useChartData(handlesRef, candles, seriesKey, indicators);
  useLevelLines(handlesRef, levels);
  useScaleMargins(handlesRef, legendHeight, geometry?.panes[0]?.height ?? 0, indicators.volume);
  useChartView(viewRef, handlesRef);
  const summary = useSummary(candles, geometry);
  // by time, not position: the candle stays pinned when a refresh slides the window of candles
  const pinnedIndex =
    pinned?.key === seriesKey ? candles.findIndex((candle) => candle.time === pinned.time) : -1;
  const index = Math.min(hover ?? (pinnedIndex >= 0 ? pinnedIndex : candles.length - 1), candles.length - 1);
  return (
    <div
      className={cn('relative isolate w-full overflow-hidden rounded-md', height === undefined && 'h-full')}
      style={height === undefined ? undefined : { height }}
      data-visible-bars={geometry?.range ? visibleBarCount(geometry.range, candles.length) : undefined}
      data-panes={geometry?.panes.length}
      // where the latest candles start (px from the left): no level label may reach past it
      data-latest-left={geometry ? Math.floor(geometry.clearFromX) : undefined}
    >
      <div ref={containerRef} role="img" aria-label={`${label}. ${summary}`} className="absolute inset-0" />
      {geometry && (
        <ChartOverlay
          candles={candles}
          geometry={geometry}
          index={index}
          indicators={indicators}
          studies={studies}
          groups={groups}
          legendHeight={legendHeight}
          legendRef={legendRef}
        />
      )}
      {priceAction && tapped?.key === seriesKey ? (
        <div
          className="absolute left-2 z-10 -translate-y-1/2"
          style={{ top: Math.max(24, Math.min(tapped.y, (geometry?.panes[0]?.height ?? tapped.y) - 24)) }}
          data-tapped-price={tapped.price}
        >
          {priceAction(tapped.price, () => setTapped(null))}
        </div>
      ) : null}
    </div>
  );
}

export default PriceChart;
