import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { renderRoutes, stubFetch } from '../../../test/render.tsx';
import { analysisAnswer } from '../test/analysis-answers.ts';
import { KeyIndicators } from './analysis-view.tsx';

// "Volume: em alta" beside "dentro do padrão" read as a contradiction: they are two readings over different
// windows (the last 10 hourly bars against the 10 before, and the last bar alone), so each says which.
function renderIndicators(anomaly: boolean) {
  stubFetch(() => ({ status: 404 }));
  const answer = analysisAnswer('ETH', 'BRL');
  answer.data.keyIndicators.volume = { trend: 'rising', anomaly };
  renderRoutes([{ path: '/', element: <KeyIndicators analysis={answer.data} /> }], '/');
}

afterEach(() => i18n.changeLanguage('pt-BR'));

describe('KeyIndicators', () => {
  it.each([
    [
      'pt-BR',
      'MACD (12, 26, 9) · histograma · 1h',
      'Volume · 10 velas de 1h contra as 10 anteriores',
      'Última vela de 1h: volume dentro do padrão',
    ],
    [
      'en',
      'MACD (12, 26, 9) · histogram · 1h',
      'Volume · last 10 1h candles against the 10 before',
      'Last 1h candle: volume within its usual range',
    ],
    [
      'es',
      'MACD (12, 26, 9) · histograma · 1h',
      'Volumen · 10 velas de 1h frente a las 10 anteriores',
      'Última vela de 1h: volumen dentro de lo normal',
    ],
  ])('names the timeframe and window of each reading in %s', async (language, macd, volume, lastBar) => {
    await i18n.changeLanguage(language);
    renderIndicators(false);
    expect(await screen.findByText(macd, {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText(volume)).toBeVisible();
    expect(screen.getByText(lastBar)).toBeVisible();
  });
});
