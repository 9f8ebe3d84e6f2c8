import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y.ts';
import { journeyPassword, setUpProfissionalJourney, signedInPage } from './support/journey.ts';

// The server writes signal reasoning, AI analysis and chat replies in the language each request names (the
// interface's), and keeps the account's saved language for what no request names (e-mails). These journeys
// check that the interface and those texts always agree: after a switch in the language menu (the answers on
// screen fetched in the new language, the preference saved) and at login (the saved language wins).

const journey = setUpProfissionalJourney('language');

const portugueseReasoning = /numa escala de −100 a \+100/;
const englishReasoning = /on a −100 to \+100 scale/;
const spanishReasoning = /en una escala de −100 a \+100/;

async function savedLanguage(token: string): Promise<string | undefined> {
  const response = await fetch(`${journey.server.url}/api/user/profile`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { preferences: { language?: string } };
  return body.preferences.language;
}

describe('language of server texts', () => {
  it('shows the analysis reasoning in English right after switching the menu to English, and keeps it after a reload', async () => {
    const { context, page } = await signedInPage(journey.browser, journey.pro, {
      pageErrors: journey.pageErrors,
    });
    // the coin page is the analysis screen
    await page.goto(`${journey.server.url}/coins/btc`);
    await page.getByRole('heading', { name: 'Por que este sinal' }).waitFor();
    await page.getByText(portugueseReasoning).waitFor();

    await page.getByRole('button', { name: /: Idioma,/ }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Why this signal' }).waitFor();
    // The answer on screen is fetched in English at once (its query key carries the language): no reload.
    await page.getByText(englishReasoning).waitFor();
    expect(await page.getByText(portugueseReasoning).count()).toBe(0);
    await expect.poll(() => savedLanguage(journey.pro.token)).toBe('en');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto(`${journey.server.url}/coins/btc`);
    await page.getByText(englishReasoning).waitFor();
    await context.close();
  }, 90_000);

  it('lets a ?lng= link set the language of the account too, so the page and the reasoning agree', async () => {
    const { context, page } = await signedInPage(journey.browser, journey.pro, {
      pageErrors: journey.pageErrors,
    });
    // an old analysis link opens the coin page, its ?lng= along
    await page.goto(`${journey.server.url}/market-analysis?coin=btc&lng=es`);
    await page.waitForURL('**/coins/btc?lng=es');
    await page.getByRole('heading', { name: 'Por qué esta señal' }).waitFor();
    await page.getByText(spanishReasoning).waitFor();
    await expect.poll(() => savedLanguage(journey.pro.token)).toBe('es');
    await context.close();
  }, 90_000);

  it('switches the interface to the saved language of the account at login', async () => {
    // The account says Spanish; this browser reads pt-BR and has never been signed in.
    const saved = await fetch(`${journey.server.url}/api/user/preferences`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${journey.pro.token}` },
      body: JSON.stringify({ language: 'es' }),
    });
    expect(saved.status).toBe(200);
    const context = await journey.browser.newContext({ locale: 'pt-BR', serviceWorkers: 'block' });
    const page = await context.newPage();
    page.on('pageerror', (error) => journey.pageErrors.push(error.message));
    await page.goto(`${journey.server.url}/login`);
    await page.getByLabel('E-mail').fill(journey.pro.user.email);
    await page.getByLabel('Senha', { exact: true }).fill(journeyPassword);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: /^¡Bienvenido/ }).waitFor();
    expect(
      await page.evaluate(() => [document.documentElement.lang, localStorage.getItem('i18nextLng')]),
    ).toEqual(['es', 'es']);
    await page.goto(`${journey.server.url}/coins/btc`);
    await page.getByText(spanishReasoning).waitFor();
    await context.close();
  }, 90_000);
});
