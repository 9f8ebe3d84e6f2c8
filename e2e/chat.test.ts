import { productFacts } from '@farol/i18n';
import { describe, expect, it } from 'vitest';
import {
  expectNoSidewaysScroll,
  languages,
  phone,
  saveScreenshot,
  signedInPage,
  setUpProfissionalJourney,
} from './support/journey.ts';

// A profissional user asks the chat a question in pt-BR and sees the real steps
// (POST /api/chat/stream) and the answer with its metadata. Screenshots: chat-<lang>[-mobile].png.

const journey = setUpProfissionalJourney('chat');

describe('chat journey', () => {
  it('asks a question in pt-BR and sees the real steps, then the answer with its metadata', async () => {
    const { context, page } = await signedInPage(journey.browser, journey.pro, {
      pageErrors: journey.pageErrors,
    });
    const streamEvents: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/chat/stream'))
        streamEvents.push(response.headers()['content-type'] ?? '');
    });
    await page.goto(`${journey.server.url}/chat`);
    await page.getByRole('heading', { name: 'Pergunte aos agentes do Farol' }).waitFor();
    // No key stored: the built-in analyst answers, and the header says so.
    await expect.poll(() => page.getByTestId('chat-provider').textContent()).toBe('Analista Farol (offline)');
    await page.getByText(`${productFacts.indicators} indicadores`).waitFor();
    await saveScreenshot(page, 'chat-empty', 'pt-BR');

    const input = page.getByLabel('Sua pergunta');
    await input.fill('Como está o Bitcoin hoje? Quais são os suportes?');
    await input.press('Enter');
    await page.getByText('Analisando dados de mercado...').waitFor();
    expect(await input.isDisabled()).toBe(true);
    // Steps come from the server as they happen: at least the first one completes while the panel shows.
    await page.getByText(/Dados de mercado: concluída/).waitFor();

    await page.getByText('Confiança').first().waitFor({ timeout: 60_000 });
    await page.getByText('Análise concluída').waitFor();
    expect(streamEvents[0]).toContain('text/event-stream');
    expect(await page.getByText('Analista Farol (offline) ·').count()).toBeGreaterThan(0);
    expect(await input.isDisabled()).toBe(false);
    await saveScreenshot(page, 'chat', 'pt-BR', false, false);

    // The answer is in the history: a reload shows it again.
    await page.reload();
    await page.getByText('Como está o Bitcoin hoje? Quais são os suportes?').waitFor();
    await context.close();
  });

  it('shows the chat in English and Spanish and fits a 390 px phone', async () => {
    for (const language of languages.filter((item) => item !== 'pt-BR')) {
      const { context, page } = await signedInPage(journey.browser, journey.pro, {
        language,
        pageErrors: journey.pageErrors,
      });
      await page.goto(`${journey.server.url}/chat`);
      await page
        .getByText(language === 'en' ? 'Confidence' : 'Confianza')
        .first()
        .waitFor();
      await saveScreenshot(page, 'chat', language, false, false);
      await context.close();
    }
    const { context, page } = await signedInPage(journey.browser, journey.pro, {
      viewport: phone,
      pageErrors: journey.pageErrors,
    });
    await page.goto(`${journey.server.url}/chat`);
    await page.getByText('Confiança').first().waitFor();
    await saveScreenshot(page, 'chat', 'pt-BR', true);
    await expectNoSidewaysScroll(page, phone.width);
    await context.close();
  });
});
