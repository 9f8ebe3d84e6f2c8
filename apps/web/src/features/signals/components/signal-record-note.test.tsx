import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { errorAnswer, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { recordAnswer } from '../test/track-record-answers.ts';
import { SignalRecordNote } from './signal-record-note.tsx';

const renderNote = (signal: 'sell' | 'strong_buy', confidence: number) =>
  renderRoutes([{ path: '/', element: <SignalRecordNote signal={signal} confidence={confidence} /> }], '/');

describe('SignalRecordNote', () => {
  afterEach(async () => {
    await i18n.changeLanguage('pt-BR');
  });

  it.each([
    [
      'en',
      'Sell signals were right 46% of the time over 24 h (402 signals, backtest).',
      'See the record',
      /^Confidence 50%: the 24 h hit rate/u,
    ],
    [
      'es',
      /^Las señales de Venta acertaron el 46\s% de las veces en 24 h \(402 señales, backtest\)\.$/u,
      'Ver el historial',
      /^Confianza 50\s%: la tasa de acierto en 24 h/u,
    ],
  ] as const)(
    'says in %s how often the class was right, links to the record and explains the confidence',
    async (language, line, link, confidence) => {
      await i18n.changeLanguage(language);
      stubFetch(() => ({ status: 200, body: recordAnswer() }));
      renderNote('sell', 50);
      expect(await screen.findByText(line, {}, { timeout: 5000 })).toBeVisible();
      expect(screen.getByRole('link', { name: link }).getAttribute('href')).toBe('/track-record');
      expect(screen.getByText(confidence)).toBeVisible();
    },
  );

  it('shows the loading line, then an error with retry, and the figures after retrying', async () => {
    let fail = true;
    stubFetch(() =>
      fail
        ? { status: 503, body: errorAnswer({ code: 'service_unavailable', message: 'x' }) }
        : { status: 200, body: recordAnswer() },
    );
    renderNote('strong_buy', 64);
    expect(screen.getByText('Lendo o histórico dos sinais…')).toBeVisible();
    expect(
      await screen.findByText('Não foi possível ler o histórico dos sinais.', {}, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.getByText(/^Confiança 64%: a taxa de acerto em 24 h/u)).toBeVisible();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: /tentar novamente/iu }));
    expect(
      await screen.findByText(
        'Sinais de Compra forte acertaram 47% das vezes em 24 h (1.188 sinais, backtest).',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
  });
});
