import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRACK_RECORD_URL as URL } from '../features/signals/api/track-record-api.ts';
import { backtestResults, recordAnswer } from '../features/signals/test/track-record-answers.ts';
import { errorAnswer, renderRoutes, stubFetch, type StubAnswer } from '../test/render.tsx';
import { TrackRecordPage } from './track-record-page.tsx';

function renderPage(answer: () => StubAnswer) {
  const calls = stubFetch((url) =>
    url === URL ? answer() : { status: 404, body: errorAnswer({ code: 'not_found', message: 'x' }) },
  );
  renderRoutes([{ path: '/track-record', element: <TrackRecordPage /> }], '/track-record');
  return calls;
}

const percent = (value: number) =>
  new Intl.NumberFormat('pt-BR', {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);

/** A phone's screen: every `(min-width: …)` query fails, as below Tailwind's `sm` breakpoint. */
function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: !query.includes('min-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe('TrackRecordPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows one card per signal class with whole percentages on a phone', async () => {
    onPhone();
    renderPage(() => ({ status: 200, body: recordAnswer() }));
    const cards = await screen.findByRole('list', { name: /depois de 24 h/ }, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: /depois de 24 h/ })).not.toBeInTheDocument();
    const day = backtestResults.horizons[0]!;
    // one card per class plus always long
    expect(within(cards).getAllByRole('listitem')).toHaveLength(day.classes.length + 1);
    const buy = day.classes.find((row) => row.signal === 'buy')!;
    const buyCard = within(cards).getByText('Compra').closest('li')!;
    const whole = `${Math.round(buy.hitRate! * 100)}%`;
    expect(buyCard).toHaveTextContent(new RegExp(`Acerto\\s*${whole}`));
    expect(buyCard).not.toHaveTextContent(percent(buy.hitRate!));
  });

  it('leads with the backtest, labelled as such, while no live signal is stored', async () => {
    const user = userEvent.setup();
    renderPage(() => ({ status: 200, body: recordAnswer() }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Histórico dos sinais' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(await screen.findByText('Teste histórico (backtest), não sinais dados ao vivo')).toBeVisible();
    expect(screen.getAllByText(/SOL, MATIC/)[0]).toBeVisible();
    expect(screen.getByText('Nenhum sinal ao vivo guardado ainda')).toBeVisible();

    // the published figures: 24 h buy hit rate, then the 7-day horizon after choosing it
    const day = backtestResults.horizons[0]!.classes.find((row) => row.signal === 'buy')!;
    const table = screen.getByRole('region', { name: /depois de 24 h/ });
    expect(within(table).getByRole('row', { name: /^Compra [\d.]/ })).toHaveTextContent(
      percent(day.hitRate!),
    );
    await user.click(screen.getByRole('radio', { name: 'Depois de 7 d' }));
    const week = backtestResults.horizons[2]!.classes.find((row) => row.signal === 'buy')!;
    expect(
      within(screen.getByRole('region', { name: /depois de 7 d/ })).getByRole('row', {
        name: /^Compra [\d.]/,
      }),
    ).toHaveTextContent(percent(week.hitRate!));

    // following the signals against holding, with the equity chart
    const following = screen.getByText('Seguindo os sinais', { selector: 'h3' }).parentElement!;
    expect(following).toHaveTextContent(percent(backtestResults.strategy.maxDrawdown));
    expect(following).toHaveTextContent(percent(backtestResults.strategy.totalReturn));
    expect(
      screen.getByRole('img', { name: 'Patrimônio diário seguindo os sinais e comprando e mantendo' }),
    ).toBeVisible();
    // calibration: one row per stated-confidence bucket that has signals
    const used = backtestResults.calibration.filter((bucket) => bucket.count > 0);
    expect(
      within(screen.getByRole('region', { name: /Confiança declarada/ })).getAllByRole('row'),
    ).toHaveLength(used.length + 1);
  });

  it('says how far the live record has come while it is shorter than 30 days', async () => {
    renderPage(() => ({
      status: 200,
      body: recordAnswer({
        from: '2026-11-20T10:00:00.000Z',
        to: '2026-11-27T10:00:00.000Z',
        days: 7,
        signals: 1690,
        coins: ['BNB', 'BTC', 'ETH'],
        engineVersions: ['2.0.0'],
      }),
    }));
    expect(
      await screen.findByText(
        /1690 sinais guardados de 3 moedas, de 20\/11\/2026 a 27\/11\/2026 \(7,0 dias de 30\)/,
      ),
    ).toBeVisible();
  });

  it('leads with the live record once it covers 30 days', async () => {
    renderPage(() => ({
      status: 200,
      body: recordAnswer(
        {
          from: '2026-10-01T00:00:00.000Z',
          to: '2026-11-27T10:00:00.000Z',
          days: 57.4,
          signals: 13_000,
          coins: ['BTC', 'ETH'],
          engineVersions: ['2.0.0'],
        },
        'live',
      ),
    }));
    expect(await screen.findByText('Histórico ao vivo')).toBeVisible();
    expect(screen.getByText(/Sinais que o Farol realmente deu para BTC, ETH/)).toBeVisible();
    expect(screen.queryByText('Teste histórico (backtest), não sinais dados ao vivo')).toBeNull();
    expect(screen.getByText('Ainda não há sinais conferidos em 24 horas.')).toBeVisible();
    expect(screen.getByText('O gráfico aparece quando houver pelo menos dois dias de sinais.')).toBeVisible();
  });

  it('shows the error with a retry that loads the record', async () => {
    const user = userEvent.setup();
    let failing = true;
    renderPage(() =>
      failing
        ? {
            status: 503,
            body: errorAnswer({ code: 'service_unavailable', message: 'Serviço indisponível.' }),
          }
        : { status: 200, body: recordAnswer() },
    );
    expect(
      await screen.findByText('Não foi possível carregar o histórico dos sinais.', {}, { timeout: 5000 }),
    ).toBeVisible();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Tentar Novamente' }));
    expect(await screen.findByText('Teste histórico (backtest), não sinais dados ao vivo')).toBeVisible();
  });

  it("names the window and coins of every figure and shows the ranges' coverage beside the hit rates", async () => {
    const ranges = [
      {
        horizonHours: 24,
        nominal: 0.8,
        count: 2000,
        coverage: 0.781,
        meanWidthPct: 8.39,
        baselineCoverage: 0.781,
        baselineMeanWidthPct: 8.41,
      },
      {
        horizonHours: 168,
        nominal: 0.8,
        count: 1900,
        coverage: 0.801,
        meanWidthPct: 25.94,
        baselineCoverage: 0.801,
        baselineMeanWidthPct: 24.76,
      },
    ];
    renderPage(() => ({
      status: 200,
      body: recordAnswer({}, 'backtest', {
        from: '2024-07-01T00:00:00.000Z',
        to: '2025-04-28T08:00:00.000Z',
        symbols: ['BNB', 'XRP'],
        overlapsTuning: false,
        ranges,
      }),
    }));
    expect(await screen.findByText(/A janela é o período de validação/, {}, { timeout: 5000 })).toBeVisible();
    // hit rates, ranges, calibration and equity each name their window and coins
    expect(
      screen.getAllByText(
        'Medido em BNB, XRP, de 01/07/2024 a 28/04/2025: janela de validação, dados com que o motor não foi ajustado.',
      ),
    ).toHaveLength(4);
    const table = screen.getByRole('region', { name: /probabilidade declarada/ });
    expect(within(table).getByRole('row', { name: /^24 horas/ })).toHaveTextContent(
      `${percent(0.8)}${percent(0.781)}8,39%8,41%`,
    );
    expect(within(table).getByRole('row', { name: /^7 dias/ })).toHaveTextContent(
      `${percent(0.8)}${percent(0.801)}25,94%24,76%`,
    );
    expect(screen.queryByText(/inclui dados com que o motor foi ajustado/)).toBeNull();
  });

  it('warns when the published window includes the tuning period, and says when ranges are unmeasured', async () => {
    renderPage(() => ({
      status: 200,
      body: recordAnswer({}, 'backtest', {
        from: '2022-07-21T16:00:00.000Z',
        overlapsTuning: true,
        ranges: null,
      }),
    }));
    expect(
      await screen.findByText(/inclui dados com que o motor foi ajustado/, {}, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.getAllByText(/esta janela inclui o período de ajuste/).length).toBe(4);
    expect(screen.getByText('O teste publicado ainda não mede as faixas esperadas.')).toBeVisible();
  });

  it("shows one engine version's live record from the address and lets the visitor choose another", async () => {
    const user = userEvent.setup();
    const calls = stubFetch((url) => {
      const version = new globalThis.URL(url, 'http://web').searchParams.get('engineVersion');
      return {
        status: 200,
        body: recordAnswer({ engineVersions: ['2.0.0', '3.0.0'], engineVersion: version }),
      };
    });
    renderRoutes(
      [{ path: '/track-record', element: <TrackRecordPage /> }],
      '/track-record?engineVersion=2.0.0',
    );
    const choice = await screen.findByRole(
      'combobox',
      { name: 'Versão do motor do histórico ao vivo' },
      { timeout: 5000 },
    );
    expect(choice).toHaveValue('2.0.0');
    expect(calls.map((call) => call.url)).toContain(`${URL}?engineVersion=2.0.0`);
    await user.selectOptions(choice, 'Motor 3.0.0');
    expect(await screen.findByDisplayValue('Motor 3.0.0')).toBeVisible();
    expect(calls.map((call) => call.url)).toContain(`${URL}?engineVersion=3.0.0`);
    await user.selectOptions(screen.getByRole('combobox'), 'Todas as versões');
    await screen.findByDisplayValue('Todas as versões');
    expect(calls.at(-1)!.url).toBe(URL);
  });
});
