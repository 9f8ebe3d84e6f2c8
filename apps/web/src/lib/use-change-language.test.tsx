import { preferencesResponseSchema } from '@farol/contract';
import { useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, sampleUser, stubFetch } from '../test/render.tsx';
import { currentLanguage } from './i18n.ts';
import { useLanguageKey } from './language-key.ts';
import { readSession, saveSession, saveUser } from './session.ts';
import { applyAccountLanguage, useChangeLanguage, useLanguageAgreement } from './use-change-language.ts';

const ANALYSIS_URL = '/api/market-signals/analysis/BTC';

/** An answer the server writes in the request's language, like the analysis reasoning. */
function AnalysisProbe({
  onReady,
}: {
  onReady: (change: (language: 'pt-BR' | 'en' | 'es') => Promise<void>) => void;
}) {
  useLanguageAgreement();
  onReady(useChangeLanguage());
  const analysis = useQuery<{ text: string }>({ queryKey: useLanguageKey(ANALYSIS_URL) });
  return <p>{analysis.data?.text ?? '…'}</p>;
}

function renderProbe() {
  let accountLanguage = sampleUser.preferences.language ?? 'pt-BR';
  const calls = stubFetch((url, method) => {
    if (url === '/api/user/preferences' && method === 'PUT') {
      accountLanguage = (calls.at(-1)!.body as { language: typeof accountLanguage }).language;
      return {
        status: 200,
        body: preferencesResponseSchema.parse({
          preferences: { ...sampleUser.preferences, language: accountLanguage },
          message: 'ok',
        }),
      };
    }
    if (url === ANALYSIS_URL) {
      const requested = calls.at(-1)!.headers['Accept-Language'];
      return {
        status: 200,
        body: { text: requested === 'en' ? 'Sell with a score' : 'Venda com pontuação' },
      };
    }
    return { status: 404 };
  });
  let change: (language: 'pt-BR' | 'en' | 'es') => Promise<void> = async () => {};
  renderRoutes([{ path: '/', element: <AnalysisProbe onReady={(next) => (change = next)} /> }], '/');
  return { calls, change: (language: 'pt-BR' | 'en' | 'es') => act(() => change(language)) };
}

describe('language agreement between the interface and the account', () => {
  it('fetches the texts on screen in the new language on a switch, saves it to the account, and keeps the old ones', async () => {
    saveSession('token-abc', {
      ...sampleUser,
      preferences: { ...sampleUser.preferences, language: 'pt-BR' },
    });
    const { calls, change } = renderProbe();
    expect(await screen.findByText('Venda com pontuação')).toBeInstanceOf(HTMLElement);
    await change('en');
    expect(await screen.findByText('Sell with a score')).toBeInstanceOf(HTMLElement);
    expect(currentLanguage()).toBe('en');
    expect(readSession()!.user.preferences.language).toBe('en');
    const reads = () =>
      calls.filter((call) => call.url === ANALYSIS_URL).map((call) => call.headers['Accept-Language']);
    expect(reads()).toEqual(['pt-BR', 'en']);
    // back to Portuguese: the answer cached under that language shows at once, nothing is fetched again
    await change('pt-BR');
    expect(screen.getByText('Venda com pontuação')).toBeInstanceOf(HTMLElement);
    expect(reads()).toEqual(['pt-BR', 'en']);
  });

  it('makes the account follow the interface language on start-up when they differ', async () => {
    saveSession('token-abc', { ...sampleUser, preferences: { ...sampleUser.preferences, language: 'es' } });
    const { calls } = renderProbe();
    await screen.findByText('Venda com pontuação');
    await act(async () => {});
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { language: 'pt-BR' },
    ]);
  });

  it('makes the account follow again when the stored user is refreshed with a language changed elsewhere', async () => {
    saveSession('token-abc', {
      ...sampleUser,
      preferences: { ...sampleUser.preferences, language: 'pt-BR' },
    });
    const { calls } = renderProbe();
    await screen.findByText('Venda com pontuação');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    // What the page guard does with a fresh profile answer.
    await act(async () =>
      saveUser({ ...sampleUser, preferences: { ...sampleUser.preferences, language: 'en' } }),
    );
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { language: 'pt-BR' },
    ]);
    expect(readSession()!.user.preferences.language).toBe('pt-BR');
  });

  it('sends nothing on start-up when the account already agrees', async () => {
    saveSession('token-abc', {
      ...sampleUser,
      preferences: { ...sampleUser.preferences, language: 'pt-BR' },
    });
    const { calls } = renderProbe();
    await screen.findByText('Venda com pontuação');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('sets the interface to the language saved in the account at login', async () => {
    await applyAccountLanguage({ ...sampleUser, preferences: { ...sampleUser.preferences, language: 'es' } });
    expect(currentLanguage()).toBe('es');
    await applyAccountLanguage(sampleUser);
    expect(currentLanguage()).toBe('es');
  });
});
