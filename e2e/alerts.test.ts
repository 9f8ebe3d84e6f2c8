import { describe, expect, it } from 'vitest';
import {
  expectNoSidewaysScroll,
  phone,
  saveScreenshot,
  signedInPage,
  setUpProfissionalJourney,
} from './support/journey.ts';

// A profissional user creates a price alert, toggles it off and deletes it.
// Screenshots: alerts-<lang>[-mobile].png, alerts-empty, alerts-dialog.

const journey = setUpProfissionalJourney('alerts');

describe('alerts journey', () => {
  it('creates, toggles and deletes a price alert', async () => {
    const { context, page } = await signedInPage(journey.browser, journey.pro, {
      pageErrors: journey.pageErrors,
    });
    await page.goto(`${journey.server.url}/alerts`);
    await page.getByText('Nenhum alerta ainda').waitFor();
    await page.getByText(/alertas em uso/).waitFor();
    await saveScreenshot(page, 'alerts-empty', 'pt-BR');

    await page.getByRole('button', { name: 'Criar alerta', exact: true }).first().click();
    const dialog = page.getByRole('dialog');
    const submit = dialog.getByRole('button', { name: 'Criar alerta' });
    expect(await submit.isDisabled()).toBe(true);
    const picker = dialog.getByRole('combobox', { name: 'Moeda' });
    await picker.fill('bitcoin');
    await dialog.getByRole('option', { name: /^BTC Bitcoin/ }).click();
    expect(await picker.inputValue()).toBe('Bitcoin (BTC)');
    await dialog.getByLabel('Preço acima de (R$)').fill('110000');
    await dialog.getByLabel('Nome do alerta').fill('BTC acima de 110 mil');
    await saveScreenshot(page, 'alerts-dialog', 'pt-BR');
    await submit.click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByText('Preço acima de R$ 110.000,00').waitFor();
    await page.getByText('Ainda não disparado').waitFor();
    expect(await page.getByRole('link', { name: 'Bitcoin (BTC)' }).getAttribute('href')).toBe('/coins/btc');
    const toggle = page.getByRole('switch', { name: 'Alerta BTC acima de 110 mil ativo' });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await saveScreenshot(page, 'alerts', 'pt-BR');

    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');

    for (const language of ['en', 'es'] as const) {
      const other = await signedInPage(journey.browser, journey.pro, {
        language,
        pageErrors: journey.pageErrors,
      });
      await other.page.goto(`${journey.server.url}/alerts`);
      await other.page
        .getByText(
          // the alert keeps the currency it was set in (reais), whatever the language (Intl writes BRL in Spanish)
          language === 'en' ? 'Price above R$110,000.00' : 'Precio por encima de 110.000,00 R$',
        )
        .waitFor();
      await saveScreenshot(other.page, 'alerts', language);
      await other.context.close();
    }
    const mobile = await signedInPage(journey.browser, journey.pro, {
      viewport: phone,
      pageErrors: journey.pageErrors,
    });
    await mobile.page.goto(`${journey.server.url}/alerts`);
    await mobile.page.getByText('Preço acima de R$ 110.000,00').waitFor();
    await saveScreenshot(mobile.page, 'alerts', 'pt-BR', true);
    await expectNoSidewaysScroll(mobile.page, phone.width);
    await mobile.context.close();

    await page.getByRole('button', { name: 'Excluir alerta BTC acima de 110 mil' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir', exact: true }).click();
    await page.getByText('Nenhum alerta ainda').waitFor();
    const remaining = await page.evaluate(async () => {
      const response = await fetch('/api/alerts', {
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return ((await response.json()) as { data: unknown[] }).data.length;
    });
    expect(remaining).toBe(0);
    await context.close();
  });
});
