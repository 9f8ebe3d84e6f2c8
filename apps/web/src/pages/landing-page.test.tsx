import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRACK_RECORD_URL } from '../features/signals/api/track-record-api.ts';
import {
  backtestResults,
  recordAnswer,
  validationBacktest,
} from '../features/signals/test/track-record-answers.ts';
import { i18n } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { errorAnswer, renderRoutes, stubFetch, type StubAnswer } from '../test/render.tsx';
import { LandingFaq } from '../features/marketing/components/landing-sections.tsx';
import { loadAccuracyAnswer } from './landing-page.tsx';

const languages = ['pt-BR', 'en', 'es'] as const;

/** What each language's answer must say about its source, and the other answers' fixed copy. */
const copy = {
  'pt-BR': {
    question: 'Qual é a precisão dos sinais?',
    backtest: 'No teste histórico (backtest)',
    live: 'Nos sinais dados ao vivo desde',
    noEdge: 'Não encontramos vantagem comprovada sobre o acaso.',
    link: 'Ver o histórico completo dos sinais',
    loading: 'Carregando os números do histórico dos sinais…',
    error: 'Não foi possível carregar os números do histórico dos sinais.',
    retry: 'Tentar Novamente',
    analysis: /6 regras técnicas .* votam em 3 tempos gráficos/,
  },
  en: {
    question: 'How accurate are the signals?',
    backtest: 'In the historical test (backtest)',
    live: 'In the live signals since',
    noEdge: 'We found no proven edge over chance.',
    link: "See the signals' full track record",
    loading: "Loading the track record's figures…",
    error: "The track record's figures could not be loaded.",
    retry: 'Try again',
    analysis: /6 technical rules .* vote on 3 timeframes/,
  },
  es: {
    question: '¿Qué precisión tienen las señales?',
    backtest: 'En la prueba histórica (backtest)',
    live: 'En las señales dadas en vivo desde el',
    noEdge: 'No encontramos una ventaja demostrada sobre el azar.',
    link: 'Ver el historial completo de las señales',
    loading: 'Cargando las cifras del historial de las señales…',
    error: 'No se pudieron cargar las cifras del historial de las señales.',
    retry: 'Intentar de nuevo',
    analysis: /6 reglas técnicas .* votan en 3 marcos temporales/,
  },
};

const day = backtestResults.horizons.find((horizon) => horizon.hours === 24)!;
// buy and strong buy together, weighted by their counts, as the answer states it
const buySide = day.classes.filter((row) => row.signal === 'buy' || row.signal === 'strong_buy');
const buyHitRate =
  buySide.reduce((sum, row) => sum + row.hitRate! * row.count, 0) /
  buySide.reduce((sum, row) => sum + row.count, 0);
// toHaveTextContent collapses white space, the no-break space Intl writes before "%" included
const percent = (language: string, value: number) =>
  new Intl.NumberFormat(language, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 })
    .format(value)
    .replace(/\s/g, ' ');

async function renderLanding(language: (typeof languages)[number], answer: () => StubAnswer) {
  await act(() => i18n.changeLanguage(language));
  const calls = stubFetch((url) =>
    url === TRACK_RECORD_URL
      ? answer()
      : { status: 404, body: errorAnswer({ code: 'not_found', message: 'x' }) },
  );
  // the FAQ as the landing composes it (the hero's typing animation needs a real browser)
  renderRoutes([{ path: '/', element: <LandingFaq loadAccuracyAnswer={loadAccuracyAnswer} /> }], '/');
  const question = await screen.findByText(copy[language].question, {}, { timeout: 5000 });
  return { calls, answer: question.closest('details')! };
}

describe('the landing FAQ accuracy answer', () => {
  beforeEach(() => {
    // the answer uses the app's one query client: start each test empty, and fail without the back-off wait
    queryClient.clear();
    const defaults = queryClient.getDefaultOptions();
    queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryDelay: 0 } });
  });
  afterEach(() => queryClient.clear());

  it.each(languages)(
    'quotes the backtest, named as such, while it leads the track record (%s)',
    async (language) => {
      const { answer } = await renderLanding(language, () => ({ status: 200, body: recordAnswer() }));
      const text = copy[language];
      expect(
        await within(answer).findByText(new RegExp(text.backtest.replace(/[()]/g, '\\$&'))),
      ).toBeInTheDocument();
      expect(answer).toHaveTextContent(percent(language, buyHitRate));
      expect(answer).toHaveTextContent(percent(language, day.alwaysLong.hitRate));
      expect(answer).toHaveTextContent(new Intl.NumberFormat(language).format(day.signals));
      expect(answer).toHaveTextContent(text.noEdge);
      expect(answer).not.toHaveTextContent(text.live);
      expect(within(answer).getByRole('link', { name: text.link })).toHaveAttribute('href', '/track-record');
      // the analysis answer states the engine's rules and timeframes
      expect(screen.getByText(text.analysis)).toBeInTheDocument();
    },
  );

  it.each(languages)(
    'quotes the live signals since their first day once they lead (%s)',
    async (language) => {
      const live = {
        from: '2026-09-01T10:00:00.000Z',
        to: '2026-11-26T10:00:00.000Z',
        days: 86,
        signals: 20_640,
        coins: ['BTC', 'ETH', 'SOL'],
        engineVersions: ['2.0.0'],
        horizons: backtestResults.horizons,
      };
      const { answer } = await renderLanding(language, () => ({
        status: 200,
        body: recordAnswer(live, 'live'),
      }));
      const text = copy[language];
      const since = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(live.from),
      );
      expect(await within(answer).findByText(new RegExp(`${text.live} ${since}`))).toBeInTheDocument();
      expect(answer).toHaveTextContent(new Intl.NumberFormat(language).format(live.signals));
      expect(answer).toHaveTextContent(percent(language, buyHitRate));
      expect(answer).not.toHaveTextContent(text.backtest);
    },
  );

  it.each(languages)(
    'says the figures failed inside the answer, and retries on request (%s)',
    async (language) => {
      const user = userEvent.setup();
      let isDown = true;
      const { answer } = await renderLanding(language, () =>
        isDown
          ? { status: 503, body: errorAnswer({ code: 'service_unavailable', message: 'down' }) }
          : { status: 200, body: recordAnswer() },
      );
      const text = copy[language];
      const alert = await within(answer).findByRole('alert', {}, { timeout: 5000 });
      expect(alert).toHaveTextContent(text.error);
      // the other answers are there all along
      expect(screen.getByText(text.analysis)).toBeInTheDocument();
      isDown = false;
      await user.click(within(alert).getByRole('button', { name: text.retry }));
      expect(
        await within(answer).findByText(new RegExp(text.backtest.replace(/[()]/g, '\\$&'))),
      ).toBeInTheDocument();
    },
  );

  it('asks for the track record only when the questions come near the viewport', async () => {
    const observed: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        entry: (typeof observed)[number];
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback };
          observed.push(this.entry);
        }
        observe(target: Element) {
          this.entry.target = target;
        }
        disconnect() {}
      },
    );
    const { calls, answer } = await renderLanding('pt-BR', () => ({ status: 200, body: recordAnswer() }));
    expect(within(answer).getByRole('status')).toHaveTextContent(copy['pt-BR'].loading);
    expect(screen.getByText(copy['pt-BR'].analysis)).toBeInTheDocument();
    expect(calls.filter((call) => call.url === TRACK_RECORD_URL)).toHaveLength(0);

    const faq = observed.find((entry) => entry.target?.contains(answer))!;
    act(() =>
      faq.callback(
        [{ isIntersecting: true, target: faq.target! } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      ),
    );
    expect(
      await within(answer).findByText(/No teste histórico \(backtest\)/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.url === TRACK_RECORD_URL)).toHaveLength(1);
  });

  it("says the window is the validation one and quotes the ranges' coverage beside the hit rate", async () => {
    const { answer } = await renderLanding('en', () => ({
      status: 200,
      body: recordAnswer({}, 'backtest', validationBacktest),
    }));
    expect(
      await within(answer).findByText(
        /That window is the validation period \(from July 2024\)/,
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(
      within(answer).getByText(
        /expected ranges, stated at 80.0%, held the 24-hour outcome 78.0% of the time on BTC and ETH/,
      ),
    ).toBeInTheDocument();
    expect(within(answer).queryByText(/tuned on/)).toBeNull();
  });
});

describe('LandingHero', () => {
  it('holds a still headline and makes the free account the primary action of a visitor', async () => {
    const { LandingHero } = await import('../features/marketing/components/landing-hero.tsx');
    stubFetch(() => ({ status: 404 }));
    renderRoutes([{ path: '/', element: <LandingHero /> }], '/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Análise de cripto com IA para decidir com dados, não com palpites',
    );
    const actions = screen.getAllByRole('link');
    // first in reading order, and the filled button
    expect(actions[0]).toHaveAccessibleName('Criar conta grátis');
    expect(actions[0]).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Entrar e conversar com a IA' })).toHaveAttribute(
      'href',
      '/login',
    );
  });
});

describe('PlatformStats', () => {
  it.each([
    ['pt-BR', '141 idênticos ao TA-Lib', 'entre atualizações de preço ao vivo'],
    ['en', '141 identical to TA-Lib', 'between live price updates'],
    ['es', '141 idénticos a TA-Lib', 'entre actualizaciones de precio en vivo'],
  ] as const)('states the live stream’s cadence and the TA-Lib count (%s)', async (language, taLib, live) => {
    const { PlatformStats } = await import('../features/marketing/components/landing-sections.tsx');
    await act(() => i18n.changeLanguage(language));
    stubFetch(() => ({ status: 404 }));
    renderRoutes([{ path: '/', element: <PlatformStats /> }], '/');
    // each label's figure is the <dd> beside its <dt>
    const figure = (label: string | RegExp) => screen.getByText(label).nextElementSibling!;
    expect(figure(new RegExp(taLib))).toHaveTextContent(/^153$/);
    // the stream ticks every second: the cache's 60 s is not what a live screen shows
    expect(figure(live)).toHaveTextContent(/^1\s?s$/);
  });
});
