import { analysisSymbolNames, analysisSymbols } from '@farol/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { saveVisitorCurrency } from '../../../lib/currency.ts';
import { errorAnswer, renderRoutes, stubFetch, type StubAnswer } from '../../../test/render.tsx';
import { analysableCoinsAnswer, candlesAnswer } from '../test/market-answers.ts';
import type { IndicatorChoice } from './chart-indicators.ts';
import type { PriceLevel } from './chart-levels.ts';
import { chartStorageKeys } from './chart-preferences.ts';
import { PriceChartCard } from './price-chart-card.tsx';

// jsdom has no canvas: the lightweight-charts drawing is replaced by a stand-in that lists its panes and overlays
// (what the chart module is asked to draw); the real panes are checked in Chromium by e2e/chart.test.ts.
vi.mock('./price-chart.tsx', () => ({
  default: ({
    candles,
    seriesKey,
    indicators,
    levels = [],
    label,
  }: {
    candles: { close: number }[];
    seriesKey: string;
    indicators: IndicatorChoice;
    levels?: PriceLevel[];
    label: string;
  }) => (
    <div role="img" aria-label={label}>
      <p>
        chart {seriesKey} with {candles.length} candles, last close {candles.at(-1)?.close}
      </p>
      <p>panes: {['price', ...(['rsi', 'macd'] as const).filter((pane) => indicators[pane])].join(' ')}</p>
      <p>
        on the price:{' '}
        {(['volume', 'bbands', 'ema50', 'ema200'] as const).filter((study) => indicators[study]).join(' ')}
      </p>
      <p>levels: {levels.map((level) => `${level.title}=${level.price}`).join(' ')}</p>
    </div>
  ),
}));

const coins = analysableCoinsAnswer([['DOGE', 'dogecoin', 'Dogecoin']]);

function renderCard(
  element = <PriceChartCard />,
  answer: StubAnswer = { status: 200, body: candlesAnswer(120) },
) {
  const calls = stubFetch((url) =>
    url === '/api/market-signals/coins' ? { status: 200, body: coins } : answer,
  );
  const view = renderRoutes([{ path: '/', element }], '/');
  const candleCalls = () =>
    calls.filter((call) => call.url.startsWith('/api/market-data/candles')).map((call) => call.url);
  return { ...view, candleCalls };
}

const toggle = (name: string) => screen.getByRole('button', { name });

describe('PriceChartCard', () => {
  it('says where reais candles come from and how they were converted, crediting Binance', async () => {
    renderCard();
    expect(await screen.findByText('chart BTC-1h-BRL with 120 candles', { exact: false })).toBeVisible();
    expect(screen.getByText('BTC/USDT × USDT/BRL ·')).toBeVisible();
    const link = screen.getByRole('link', { name: 'Dados: Binance, abre o site da Binance em nova aba' });
    expect(link).toHaveAttribute('href', 'https://www.binance.com');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('keeps the USDT pair and no conversion for dollar candles', async () => {
    localStorage.setItem('farol:currency', 'USD');
    renderCard(<PriceChartCard />, { status: 200, body: candlesAnswer(120, 'USD') });
    expect(await screen.findByRole('heading', { name: 'Gráfico BTC/USDT' })).toBeVisible();
    expect(await screen.findByText('BTC/USDT ·')).toBeVisible();
    expect(screen.queryByText(/USDT\/BRL/)).toBeNull();
  });

  it('hands the chart a new series at each currency switch, the candles of that currency (R$ → US$ → R$)', async () => {
    // the dollar candles at a fifth of the reais ones, as a real conversion would have them
    const inReais = candlesAnswer(120, 'BRL');
    const dollars = candlesAnswer(120, 'USD');
    const inDollars = {
      ...dollars,
      data: dollars.data.map((candle) => ({
        ...candle,
        open: candle.open / 5,
        high: candle.high / 5,
        low: candle.low / 5,
        close: candle.close / 5,
      })),
    };
    const calls = stubFetch((url) => {
      if (url === '/api/market-signals/coins') return { status: 200, body: coins };
      const isDollars = new URL(url, 'http://web').searchParams.get('currency') === 'USD';
      return { status: 200, body: isDollars ? inDollars : inReais };
    });
    renderRoutes([{ path: '/', element: <PriceChartCard /> }], '/');
    const brl = inReais.data.at(-1)!.close;
    const usd = inDollars.data.at(-1)!.close;
    expect(await screen.findByText(`chart BTC-1h-BRL with 120 candles, last close ${brl}`)).toBeVisible();
    act(() => saveVisitorCurrency('USD'));
    expect(await screen.findByText(`chart BTC-1h-USD with 120 candles, last close ${usd}`)).toBeVisible();
    act(() => saveVisitorCurrency('BRL'));
    // back in reais: the reais series again (a series key of its own, so the chart redraws it whole)
    expect(await screen.findByText(`chart BTC-1h-BRL with 120 candles, last close ${brl}`)).toBeVisible();
    expect(calls.some((call) => call.url.includes('currency=USD'))).toBe(true);
  });

  it('draws BTC 1h with volume, RSI and MACD by default, each switch pressed', async () => {
    const { candleCalls } = renderCard();
    expect(await screen.findByText('chart BTC-1h-BRL with 120 candles', { exact: false })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Gráfico BTC/BRL' })).toBeVisible();
    expect(screen.getByText('panes: price rsi macd')).toBeVisible();
    for (const name of ['Volume', 'RSI', 'MACD'])
      expect(toggle(name)).toHaveAttribute('aria-pressed', 'true');
    for (const name of ['Bollinger', 'EMA 50', 'EMA 200'])
      expect(toggle(name)).toHaveAttribute('aria-pressed', 'false');
    expect(candleCalls()).toEqual(['/api/market-data/candles?symbol=BTC&interval=1h&limit=500&currency=BRL']);
    expect(screen.getByText('Horário de São Paulo · indicadores calculados no navegador')).toBeVisible();
    expect(screen.getByText('Atualizado agora')).toBeVisible();
  });

  it('removes the RSI pane when RSI is switched off and brings it back when switched on', async () => {
    const user = userEvent.setup();
    renderCard();
    await screen.findByText('panes: price rsi macd');
    await user.click(toggle('RSI'));
    expect(toggle('RSI')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('panes: price macd')).toBeVisible();
    await user.click(toggle('MACD'));
    expect(screen.getByText('panes: price')).toBeVisible();
    await user.click(toggle('RSI'));
    expect(screen.getByText('panes: price rsi')).toBeVisible();
    await user.click(toggle('EMA 200'));
    await user.click(toggle('Volume'));
    expect(screen.getByText('on the price: ema200')).toBeVisible();
  });

  it('keeps the switches in this browser: the next chart, on any page, opens the same way', async () => {
    const user = userEvent.setup();
    const first = renderCard();
    await screen.findByText('panes: price rsi macd');
    await user.click(toggle('RSI'));
    await user.click(toggle('Bollinger'));
    first.unmount();
    renderCard(<PriceChartCard symbol="SOL" />);
    expect(await screen.findByText('panes: price macd')).toBeVisible();
    expect(screen.getByText('on the price: volume bbands')).toBeVisible();
    expect(toggle('RSI')).toHaveAttribute('aria-pressed', 'false');
    expect(JSON.parse(localStorage.getItem(chartStorageKeys.indicators)!)).toMatchObject({
      rsi: false,
      bbands: true,
    });
  });

  it('searches every coin with a Binance pair, the ten first as quick choices', async () => {
    const { candleCalls } = renderCard();
    await screen.findByText('chart BTC-1h-BRL with 120 candles', { exact: false });
    const user = userEvent.setup();
    const search = screen.getByRole('combobox', { name: 'Moeda do gráfico' });
    await user.click(search);
    const list = screen.getByRole('listbox', { name: 'Moeda do gráfico' });
    const symbols = () =>
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent);
    await vi.waitFor(() => expect(symbols()).toHaveLength(11));
    expect(symbols().slice(0, 10)).toEqual(
      analysisSymbols.map((symbol) => `${symbol}${analysisSymbolNames[symbol]}`),
    );
    await user.type(search, 'dog');
    expect(symbols()).toEqual(['DOGEDogecoin']);
    await user.click(within(list).getByRole('option', { name: /DOGE/ }));
    expect(await screen.findByText('chart DOGE-1h-BRL with 120 candles', { exact: false })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Gráfico DOGE/BRL' })).toBeVisible();
    expect(candleCalls()).toContain(
      '/api/market-data/candles?symbol=DOGE&interval=1h&limit=500&currency=BRL',
    );
  });

  it('charts the coin picked in the symbol search, asks for its candles and remembers it', async () => {
    const user = userEvent.setup();
    const { candleCalls, unmount } = renderCard();
    await screen.findByText('chart BTC-1h-BRL with 120 candles', { exact: false });
    const search = screen.getByRole('combobox', { name: 'Moeda do gráfico' });
    expect(search).toHaveValue('BTC · Bitcoin');
    await user.click(search);
    await user.type(search, 'ether');
    const list = screen.getByRole('listbox', { name: 'Moeda do gráfico' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['ETHEthereum']);
    await user.click(within(list).getByRole('option', { name: /ETH/ }));
    // after the choice the focus is back on the closed combobox, showing the coin chosen
    expect(search).toHaveFocus();
    expect(search).toHaveAttribute('aria-expanded', 'false');
    expect(search).toHaveValue('ETH · Ethereum');
    expect(await screen.findByText('chart ETH-1h-BRL with 120 candles', { exact: false })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Gráfico ETH/BRL' })).toBeVisible();
    expect(screen.getByRole('img', { name: 'Gráfico de velas ETH/BRL, 1 hora' })).toBeVisible();
    expect(candleCalls()).toContain('/api/market-data/candles?symbol=ETH&interval=1h&limit=500&currency=BRL');
    unmount();
    renderCard();
    expect(await screen.findByText('chart ETH-1h-BRL with 120 candles', { exact: false })).toBeVisible();
  });

  it('is driven by the keyboard: arrows move through the coins, Enter picks, Escape closes', async () => {
    const user = userEvent.setup();
    renderCard();
    await screen.findByText('chart BTC-1h-BRL with 120 candles', { exact: false });
    await user.tab();
    const search = screen.getByRole('combobox', { name: 'Moeda do gráfico' });
    expect(search).toHaveFocus();
    expect(search).toHaveAttribute('aria-expanded', 'true');
    // opened on the chosen coin; two steps down is BNB
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: /BNB/ })).toHaveAttribute('aria-selected', 'true');
    expect(search.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: /BNB/ }).id);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('chart BNB-1h-BRL with 120 candles', { exact: false })).toBeVisible();
    expect(search).toHaveAttribute('aria-expanded', 'false');
    await user.type(search, 'zzz');
    expect(screen.getByRole('status')).toHaveTextContent('Nenhuma moeda encontrada');
    await user.keyboard('{Escape}');
    expect(search).toHaveAttribute('aria-expanded', 'false');
    expect(search).toHaveValue('BNB · BNB');
  });

  it('switches the interval and asks for those candles', async () => {
    const user = userEvent.setup();
    const { candleCalls } = renderCard();
    await screen.findByText('chart BTC-1h-BRL with 120 candles', { exact: false });
    await user.click(screen.getByRole('radio', { name: '4 horas' }));
    expect(await screen.findByText('chart BTC-4h-BRL with 120 candles', { exact: false })).toBeVisible();
    expect(candleCalls()).toContain('/api/market-data/candles?symbol=BTC&interval=4h&limit=500&currency=BRL');
  });

  it('charts the coin a page names, with its levels and without the symbol search', async () => {
    const levels: PriceLevel[] = [{ price: 95_000, kind: 'resistance', title: 'R1' }];
    renderCard(<PriceChartCard symbol="ADA" levels={levels} />);
    expect(await screen.findByText('chart ADA-1h-BRL with 120 candles', { exact: false })).toBeVisible();
    expect(screen.getByText('levels: R1=95000')).toBeVisible();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Gráfico ADA/BRL' })).toBeVisible();
  });

  it('says when the chart failed, with a retry', async () => {
    renderCard(<PriceChartCard />, {
      status: 503,
      body: errorAnswer({ code: 'upstream_unavailable', message: 'Fonte fora do ar' }),
    });
    expect(await screen.findByText('Não foi possível carregar o gráfico')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Tentar Novamente' })).toBeVisible();
  });

  it('says when there are no candles yet', async () => {
    renderCard(<PriceChartCard />, { status: 200, body: candlesAnswer(0) });
    expect(await screen.findByText('Ainda não há velas de BTC/BRL neste intervalo')).toBeVisible();
  });

  it('goes full screen as an overlay where the browser has no Fullscreen API, and Esc leaves', async () => {
    const user = userEvent.setup();
    const { container } = renderCard();
    await screen.findByText('chart BTC-1h-BRL with 120 candles', { exact: false });
    await user.click(screen.getByRole('button', { name: 'Tela cheia' }));
    const exit = screen.getByRole('button', { name: 'Sair da tela cheia' });
    expect(exit).toHaveAttribute('aria-pressed', 'true');
    expect(container.querySelector('section[data-fullscreen]')).toHaveClass('fixed', 'inset-0');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Tela cheia' })).toHaveAttribute('aria-pressed', 'false');
    expect(container.querySelector('section[data-fullscreen]')).toBeNull();
  });
});
