import { describe, expect, it } from 'vitest';
import {
  expectNoSidewaysScroll,
  languages,
  phone,
  saveScreenshot,
  signedInPage,
  setUpProfissionalJourney,
} from './support/journey.ts';

// A profissional user (granted for one month) cancels and sees the scheduled date;
// saves the AI provider; the e-mail settings page reports the real integration state.
// Screenshots: settings-<lang>[-mobile].png, email-settings-<lang>[-mobile].png.

const journey = setUpProfissionalJourney('settings', 1);

describe('settings journey', () => {
  it('shows every settings page in each language and on a phone', async () => {
    for (const language of languages) {
      const { context, page } = await signedInPage(journey.browser, journey.pro, {
        language,
        pageErrors: journey.pageErrors,
      });
      await page.goto(`${journey.server.url}/settings`);
      await page.locator('#subscription-full-title').waitFor();
      await page.getByRole('radio').first().waitFor();
      await saveScreenshot(page, 'settings', language);
      await page.goto(`${journey.server.url}/email-settings`);
      await page.locator('#email-status-title').waitFor();
      await page.getByRole('combobox').waitFor();
      await saveScreenshot(page, 'email-settings', language);
      await context.close();
    }
    const { context, page } = await signedInPage(journey.browser, journey.pro, {
      viewport: phone,
      pageErrors: journey.pageErrors,
    });
    await page.goto(`${journey.server.url}/settings`);
    await page.getByRole('radio').first().waitFor();
    await saveScreenshot(page, 'settings', 'pt-BR', true);
    await expectNoSidewaysScroll(page, phone.width);
    await page.goto(`${journey.server.url}/email-settings`);
    await page.getByText('Servidor SMTP').waitFor();
    await saveScreenshot(page, 'email-settings', 'pt-BR', true);
    await expectNoSidewaysScroll(page, phone.width);
    await context.close();
  });

  it('saves the AI provider and reports the real e-mail integration state', async () => {
    const { context, page } = await signedInPage(journey.browser, journey.pro, {
      pageErrors: journey.pageErrors,
    });
    await page.goto(`${journey.server.url}/settings`);
    await page.getByRole('radio', { name: /Google Gemini/ }).check();
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await expect
      .poll(() =>
        page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').preferences?.aiProvider),
      )
      .toBe('gemini');

    await page.goto(`${journey.server.url}/email-settings`);
    // The journey server mails through a real SMTP peer: the panel says so, and a test goes out at once to the
    // user's own (verified) address; the panel of a user who is not admin counts only their own messages.
    await page.getByText('Configurado', { exact: true }).waitFor();
    await page.getByText('Lido do servidor agora: só as mensagens enviadas ao seu endereço.').waitFor();
    const before = journey.server.mailbox.messages.length;
    await page.getByRole('button', { name: 'Enviar teste' }).click();
    await page.getByText('Email enviado!').waitFor();
    const sent = journey.server.mailbox.messages.slice(before);
    expect(sent.map((mail) => mail.envelopeTo)).toEqual([[journey.pro.user.email]]);
    await page.getByRole('button', { name: 'Atualizar status' }).click();
    await expect.poll(() => page.locator('dt:has-text("Enviados") + dd').textContent()).not.toBe('0');
    await context.close();
  });

  it('cancels the subscription after confirmation and shows the scheduled date', async () => {
    const { context, page } = await signedInPage(journey.browser, journey.pro, {
      pageErrors: journey.pageErrors,
    });
    await page.goto(`${journey.server.url}/settings`);
    await page.getByText(/^Válido até /).waitFor();
    await page.getByRole('button', { name: 'Cancelar assinatura' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/mantém o acesso ao plano Profissional até/).waitFor();
    await saveScreenshot(page, 'settings-cancel-dialog', 'pt-BR');
    await dialog.getByRole('button', { name: 'Confirmar cancelamento' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(/^Cancelamento agendado para /).waitFor();
    await page.getByText('Cancelamento agendado', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancelar assinatura' }).count()).toBe(0);
    await saveScreenshot(page, 'settings-cancelled', 'pt-BR');
    await context.close();
  });
});
