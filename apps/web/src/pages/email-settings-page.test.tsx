import { emailResultSchema, emailStatusSchema, profileSchema } from '@farol/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../lib/session.ts';
import { renderRoutes, sampleUser, stubFetch } from '../test/render.tsx';
import { EmailSettingsPage } from './email-settings-page.tsx';

const siteStatus = emailStatusSchema.parse({
  scope: 'site',
  smtpConfigured: false,
  queued: 3,
  sent: 12,
  failed: 1,
  lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
  lastFailedAt: '2026-05-02T15:00:00.000Z',
  lastDeliveredAt: '2026-05-02T15:04:00.000Z',
});
const ownStatus = emailStatusSchema.parse({
  ...siteStatus,
  scope: 'own',
  queued: 1,
  sent: 2,
  failed: 0,
  lastError: null,
});

function renderPage(answerTest: () => { status: number; body?: unknown }, status: unknown = siteStatus) {
  saveSession('token-abc', sampleUser);
  const calls = stubFetch((url) => {
    if (url === '/api/user/profile') return { status: 200, body: profileSchema.parse(sampleUser) };
    if (url === '/api/email/status') return { status: 200, body: status };
    if (url === '/api/email/test') return answerTest();
    return { status: 404 };
  });
  renderRoutes([{ path: '/email-settings', element: <EmailSettingsPage /> }], '/email-settings');
  return calls;
}

describe('EmailSettingsPage', { timeout: 20_000 }, () => {
  it('reports the server-side integration state, not a static text', async () => {
    renderPage(() => ({ status: 500 }));
    expect(await screen.findByText('Não configurado')).toBeVisible();
    const counts = screen.getByText('Na fila').parentElement!;
    expect(within(counts).getByText('3')).toBeVisible();
    expect(screen.getByText('connect ECONNREFUSED 127.0.0.1:2525')).toBeVisible();
  });

  it('shows a normal user their own counts and when a message to them failed, with no SMTP text', async () => {
    renderPage(() => ({ status: 500 }), ownStatus);
    expect(
      await screen.findByText('Lido do servidor agora: só as mensagens enviadas ao seu endereço.'),
    ).toBeTruthy();
    const counts = screen.getByText('Enviados').parentElement!;
    expect(within(counts).getByText('2')).toBeTruthy();
    expect(screen.getByText('Última falha de entrega para você')).toBeTruthy();
    expect(screen.getByText(/Uma mensagem para o seu endereço não pôde ser entregue em/)).toBeTruthy();
    expect(screen.queryByText('Último erro de entrega')).toBeNull();
  });

  it('sends a test of the chosen type to the typed address and toasts a queued result', async () => {
    const calls = renderPage(() => ({
      status: 200,
      body: emailResultSchema.parse({
        success: true,
        sent: false,
        message: 'E-mail guardado na fila: o SMTP não está configurado.',
      }),
    }));
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Tipo de e-mail'), 'crypto-alert');
    await user.type(screen.getByLabelText('Endereço de teste (opcional)'), 'outra@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar teste' }));
    expect(await screen.findByText('Email na fila')).toBeVisible();
    expect(screen.getByText('E-mail guardado na fila: o SMTP não está configurado.')).toBeVisible();
    expect(calls.find((call) => call.url === '/api/email/test')!.body).toEqual({
      type: 'crypto-alert',
      email: 'outra@example.com',
    });
  });

  it('toasts the failure with the server error and omits an empty address', async () => {
    const calls = renderPage(() => ({
      status: 200,
      body: emailResultSchema.parse({ success: false, sent: false, error: 'SMTP recusou.' }),
    }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enviar teste' }));
    expect(await screen.findByText('Falha no envio')).toBeVisible();
    expect(screen.getByText('SMTP recusou.')).toBeVisible();
    expect(calls.find((call) => call.url === '/api/email/test')!.body).toEqual({ type: 'welcome' });
  });
});
