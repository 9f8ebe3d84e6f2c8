import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TRACK_RECORD_URL } from '../features/signals/api/track-record-api.ts';
import {
  backtestResults,
  recordAnswer,
  validationBacktest,
} from '../features/signals/test/track-record-answers.ts';
import { errorAnswer, renderRoutes, stubFetch } from '../test/render.tsx';
import { TradingSignalsPage } from './trading-signals-page.tsx';

const percent = (value: number) =>
  new Intl.NumberFormat('pt-BR', {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value);

describe('TradingSignalsPage', () => {
  it('reads its hit-rate table from the track record, the one source of the public figures', async () => {
    stubFetch((url) =>
      url === TRACK_RECORD_URL
        ? { status: 200, body: recordAnswer() }
        : { status: 404, body: errorAnswer({ code: 'not_found', message: 'x' }) },
    );
    renderRoutes([{ path: '/trading-signals', element: <TradingSignalsPage /> }], '/trading-signals');
    const table = await screen.findByRole(
      'table',
      { name: /Acerto da direção em 24 horas/ },
      { timeout: 5000 },
    );
    const day = backtestResults.horizons.find((horizon) => horizon.hours === 24)!;
    const rows = within(table).getAllByRole('row').slice(1);
    // a class the engine never gave (engine 3 never abstains) reads as a dash, not as 0%
    day.classes.forEach((row, index) =>
      expect(rows[index]).toHaveTextContent(row.hitRate === null ? '—' : percent(row.hitRate)),
    );
    expect(screen.getByText(/Números do teste histórico/)).toBeVisible();
    // the backtest's latest signals and its method, from the same answer
    const examples = within(screen.getByRole('table', { name: /Os quatro últimos sinais/ })).getAllByRole(
      'row',
    );
    expect(examples).toHaveLength(backtestResults.examples.length + 1);
    expect(examples[1]).toHaveTextContent(`${backtestResults.examples[0]!.symbol}/USDT`);
    expect(
      screen.getByText(new RegExp(`versão ${backtestResults.engineVersion.replace(/\./g, '\\.')}`)),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ver o histórico completo' })).toHaveAttribute(
      'href',
      '/track-record',
    );
  });

  it("names the window and coins of the hit rates and puts calibration and the ranges' coverage beside them", async () => {
    stubFetch((url) =>
      url === TRACK_RECORD_URL
        ? {
            status: 200,
            body: recordAnswer({}, 'backtest', validationBacktest),
          }
        : { status: 404, body: errorAnswer({ code: 'not_found', message: 'x' }) },
    );
    renderRoutes([{ path: '/trading-signals', element: <TradingSignalsPage /> }], '/trading-signals');
    expect(
      await screen.findByText(
        'Medido em BTC, ETH, de 01/07/2024 a 28/04/2025: janela de validação, dados com que o motor não foi ajustado.',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        'As faixas esperadas declaradas em 80,00% contiveram o resultado: 78,00% em 24 horas.',
      ),
    ).toBeVisible();
    const used = backtestResults.calibration.filter((bucket) => bucket.count > 0);
    expect(screen.getByText(/^Calibração da confiança \(24 h\): declarada/)).toHaveTextContent(
      `${used[0]!.count} sinais`,
    );
  });
});
