import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { renderRoutes, stubFetch } from '../../../test/render.tsx';
import { analysisAnswer } from '../test/analysis-answers.ts';
import { ExpectedRangeCard } from './expected-range-card.tsx';

function renderCard(
  currency: 'BRL' | 'USD',
  change?: (analysis: ReturnType<typeof analysisAnswer>['data']) => void,
) {
  stubFetch(() => ({ status: 404 }));
  const answer = analysisAnswer('ETH', currency);
  change?.(answer.data);
  renderRoutes([{ path: '/', element: <ExpectedRangeCard analysis={answer.data} /> }], '/');
}

describe('ExpectedRangeCard', () => {
  it('states each range as a sentence in reais with its measured coverage beside it', async () => {
    renderCard('BRL');
    expect(
      await screen.findByText(
        'Entre R$ 3.010,00 e R$ 3.240,00 em 24 h, 8 vezes em 10',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(screen.getByText('Entre R$ 2.800,00 e R$ 3.500,00 em 7 dias, 8 vezes em 10')).toBeVisible();
    // 3010 / 3120.456 − 1 = −3.54%, 3240 / 3120.456 − 1 = +3.83%
    expect(screen.getByText('-3,54% / +3,83%')).toBeVisible();
    expect(screen.getByText(/Medido: acertou 78,00% das vezes na validação/)).toBeVisible();
    expect(screen.getByText(/Medido: acertou 80,10% das vezes na validação/)).toBeVisible();
  });

  it('writes the range in English and Spanish', async () => {
    await i18n.changeLanguage('en');
    renderCard('USD');
    expect(
      await screen.findByText(
        'Between $3,010.00 and $3,240.00 in 24 h, 8 times in 10',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(screen.getByText(/held 78.00% of the time on validation/)).toBeVisible();
    await i18n.changeLanguage('es');
    expect(await screen.findByText(/en 7 días, 8 veces de cada 10/)).toBeVisible();
  });

  it('says so when there is no range instead of showing an empty card', async () => {
    renderCard('BRL', (analysis) => {
      analysis.expectedRange = [];
    });
    expect(
      await screen.findByText(
        'Não há candles recentes suficientes para estimar uma faixa.',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
  });

  it('marks a range without a validation figure as not yet measured', async () => {
    renderCard('BRL', (analysis) => {
      analysis.expectedRange = [{ ...analysis.expectedRange[0]!, measuredCoverage: null }];
    });
    expect(
      await screen.findByText('Ainda não medido em dados fora do ajuste.', {}, { timeout: 5000 }),
    ).toBeVisible();
  });
});
