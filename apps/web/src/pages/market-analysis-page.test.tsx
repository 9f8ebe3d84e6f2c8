import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { candlesAnswer, plansAnswer, subscriptionAnswer } from '../features/market/test/market-answers.ts';
import { analysisAnswer as analysis } from '../features/signals/test/analysis-answers.ts';
import { recordAnswer } from '../features/signals/test/track-record-answers.ts';
import { saveSession } from '../lib/session.ts';
import { errorAnswer, renderRoutes, sampleUser, stubFetch, type StubAnswer } from '../test/render.tsx';
import { MarketAnalysisPage } from './market-analysis-page.tsx';

const leaveSite = vi.hoisted(() => vi.fn());
vi.mock('../lib/leave-site.ts', () => ({ leaveSite }));

// jsdom has no canvas: the chart is replaced by a stand-in listing the price lines it was asked to draw.
vi.mock('../features/market/components/price-chart.tsx', () => ({
  default: ({ levels }: { levels: { title: string; price: number }[] }) => (
    <p>levels {levels.map((level) => `${level.title}=${level.price}`).join(' ')}</p>
  ),
}));

function renderPage(routes: (url: string) => StubAnswer | undefined) {
  saveSession('token-abc', sampleUser);
  const calls = stubFetch((url) => {
    if (url === '/api/user/profile') return { status: 200, body: sampleUser };
    if (url.startsWith('/api/market-data/candles')) return { status: 200, body: candlesAnswer(40) };
    return routes(url) ?? { status: 404, body: errorAnswer({ code: 'not_found', message: 'x' }) };
  });
  renderRoutes([{ path: '/market-analysis', element: <MarketAnalysisPage /> }], '/market-analysis');
  return calls;
}

describe('MarketAnalysisPage', () => {
  it('shows the analysis of the chosen coin with formatted indicators, flags, levels and strategy', async () => {
    const user = userEvent.setup();
    const calls = renderPage((url) => {
      if (url === '/api/subscription/current')
        return { status: 200, body: subscriptionAnswer('profissional') };
      if (url.startsWith('/api/market-signals/analysis/'))
        return { status: 200, body: analysis(new URL(url, 'http://web').pathname.split('/').pop()!) };
      if (url === '/api/market-signals/track-record') return { status: 200, body: recordAnswer() };
      return undefined;
    });
    // Generous waits: the first render loads the page's modules, slow on a busy machine.
    expect(await screen.findByText('R$ 3.120,46', {}, { timeout: 5000 })).toBeVisible();
    expect(calls.some((call) => call.url === '/api/market-signals/analysis/BTC?currency=BRL')).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'ETH' }));
    expect(await screen.findByText('Preço de ETH', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getAllByText('Venda').length).toBe(2); // overall badge and the MACD rule's vote
    // scores as whole percentages: strength 58.3 → 58%, confidence 71%, trend strength 40%, confluence 55%
    for (const score of ['58%', '71%', '40%', '55%']) expect(screen.getByText(score)).toBeVisible();
    expect(screen.queryByText('58,30%')).toBeNull();
    expect(screen.getByText('38,3')).toBeVisible();
    expect(screen.getByText('-12,3457')).toBeVisible();
    expect(screen.getByText('Rompimento iminente')).toBeVisible();
    expect(screen.getByText('Anomalia de volume')).toBeVisible();
    expect(screen.getByText('Alto')).toBeVisible();
    expect(screen.getByText('Dados simulados')).toBeVisible();
    // beside the signal and its confidence: the measured 24 h hit rate of sells (the published backtest's
    // 1,920 sell signals, 49.2% right), the way to the record, and what the confidence means
    const note = screen.getByTestId('signal-record-note');
    expect(
      await within(note).findByText(
        /^Sinais de Venda acertaram 49% das vezes em 24 h \(1\.920 sinais, backtest\)\.$/u,
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(within(note).getByRole('link', { name: 'Ver o histórico' }).getAttribute('href')).toBe(
      '/track-record',
    );
    expect(within(note).getByText(/^Confiança 71%: a taxa de acerto em 24 h/u)).toBeVisible();
    // stop and targets with their distance from the price the analysis states (R$ 3.120,46)
    expect(screen.getByText('R$ 3.260,00 (+4,47%)')).toBeVisible();
    expect(screen.getByText(/^R\$ 3\.050,00 \([-−]2,26%\) · R\$ 2\.980,00 \([-−]4,50%\)$/u)).toBeVisible();
    expect(await screen.findByText('levels S1=3050 S2=2980 R1=3200', {}, { timeout: 5000 })).toBeVisible();
    // the template-composed text is labelled as an automatic reading, never as an AI's analysis
    const reading = screen
      .getByRole('heading', { name: 'Leitura automática dos indicadores' })
      .closest('section')!;
    expect(within(reading).getByText('O ETH perde força no curto prazo.').tagName).toBe('P');
    expect(within(reading).getByText(/sem modelo de linguagem/).tagName).toBe('P');
    expect(screen.queryByText('Análise de IA')).toBeNull();
    const active = screen.getByRole('heading', { name: 'Indicadores ativos (1)' }).closest('section')!;
    expect(within(active).getByText('Histograma MACD')).toBeVisible();
  });

  it('shows the locked upsell to a plan without advanced analysis, without calling it; its purchase button is disabled while plans cannot be bought', async () => {
    const calls = renderPage((url) =>
      url === '/api/subscription/current'
        ? { status: 200, body: subscriptionAnswer('iniciante') }
        : undefined,
    );
    expect(await screen.findByText('Análise avançada requer plano Profissional')).toBeVisible();
    // plans cannot be bought on this server (no Stripe settings): the one purchase button says so
    expect((await screen.findByRole('button', { name: 'Em breve' })).hasAttribute('disabled')).toBe(true);
    expect(calls.some((call) => call.url.startsWith('/api/market-signals/analysis'))).toBe(false);
  });

  it('sends a plan without advanced analysis from the locked page to Stripe Checkout for Profissional', async () => {
    const calls = renderPage((url) => {
      if (url === '/api/subscription/current') return { status: 200, body: subscriptionAnswer('free') };
      if (url === '/api/subscription/plans') return { status: 200, body: plansAnswer(true) };
      if (url === '/api/subscription/checkout')
        return {
          status: 200,
          body: { success: true, data: { url: 'https://checkout.stripe.com/c/pay/cs_2', sessionId: 'cs_2' } },
        };
      return undefined;
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Assinar o Profissional' }, { timeout: 5000 }),
    );
    await waitFor(() => expect(leaveSite).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_2'));
    expect(calls.find((call) => call.url === '/api/subscription/checkout')?.body).toEqual({
      planId: 'profissional',
    });
  });

  it('shows the server message when the analysis call answers 403', async () => {
    renderPage((url) => {
      if (url === '/api/subscription/current')
        return { status: 200, body: subscriptionAnswer('profissional') };
      if (url.startsWith('/api/market-signals/analysis/'))
        return {
          status: 403,
          body: errorAnswer({ code: 'plan_required', message: 'Seu plano não inclui análise avançada.' }),
        };
      return undefined;
    });
    expect(await screen.findByText('Seu plano não inclui análise avançada.')).toBeVisible();
  });

  it('shows other failures with the load-error title and retries with Tentar Novamente', async () => {
    const user = userEvent.setup();
    let failing = true;
    renderPage((url) => {
      if (url === '/api/subscription/current')
        return { status: 200, body: subscriptionAnswer('profissional', { isAdmin: true }) };
      if (url.startsWith('/api/market-signals/analysis/'))
        return failing
          ? { status: 500, body: errorAnswer({ code: 'internal_error', message: 'Erro interno' }) }
          : { status: 200, body: analysis('BTC') };
      return undefined;
    });
    expect(
      await screen.findByText('Erro ao carregar análise detalhada', {}, { timeout: 5000 }),
    ).toBeVisible();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Tentar Novamente' }));
    expect(await screen.findByText('Preço de BTC')).toBeVisible();
  });
});
