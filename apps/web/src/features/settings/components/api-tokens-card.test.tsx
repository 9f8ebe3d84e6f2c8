import type { ApiToken } from '@farol/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session.ts';
import { renderRoutes, sampleUser, stubFetch } from '../../../test/render.tsx';
import { ApiTokensCard } from './api-tokens-card.tsx';

const SECRET = 'farol_pat_Q2hhdmUgZGUgdGVzdGUgcXVlIG7Do28gw6kgdW1hIGNoYXZl';
const planilha: ApiToken = {
  id: '7b0c1c8e-9d1a-4d53-9a51-1f6f0f5a2b10',
  name: 'planilha',
  createdAt: '2026-11-20T12:00:00.000Z',
  lastUsedAt: '2026-11-26T09:30:00.000Z',
  requestCount: 42,
  expiresAt: '2099-02-18T12:00:00.000Z',
};

function renderCard(options: { maxTokens: number; isDown?: () => boolean }) {
  saveSession('token-abc', sampleUser);
  let tokens: ApiToken[] = options.maxTokens ? [planilha] : [];
  const calls = stubFetch((url, method) => {
    if (url === '/api/user/api-tokens' && method === 'GET') {
      if (options.isDown?.())
        return { status: 503, body: { code: 'service_unavailable', message: 'Fora do ar.' } };
      return {
        status: 200,
        body: { success: true, data: { tokens, maxTokens: options.maxTokens, requestsPerMinute: 60 } },
      };
    }
    if (url === '/api/user/api-tokens' && method === 'POST') {
      const bot = {
        ...planilha,
        id: '0a6f3e02-52d4-4f3f-9d7e-6f8d8e1c2b33',
        name: 'bot',
        lastUsedAt: null,
        requestCount: 0,
      };
      tokens = [bot, ...tokens];
      return {
        status: 201,
        body: { success: true, data: { ...bot, token: SECRET }, message: 'Token criado.' },
      };
    }
    if (url === `/api/user/api-tokens/${planilha.id}` && method === 'DELETE') {
      tokens = tokens.filter((token) => token.id !== planilha.id);
      return { status: 200, body: { success: true, message: 'Token revogado. Ele parou de funcionar.' } };
    }
    return { status: 404 };
  });
  renderRoutes([{ path: '/settings', element: <ApiTokensCard /> }], '/settings');
  return calls;
}

describe('ApiTokensCard', () => {
  it('shows a plan without API access why, and the way to the plans', async () => {
    renderCard({ maxTokens: 0 });
    expect(await screen.findByText('Tokens de API fazem parte do plano Profissional.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ver planos' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByRole('button', { name: 'Criar token' })).toBeNull();
  });

  it('lists each token with its use and expiry, creates one for the chosen days and shows its secret once', async () => {
    const user = userEvent.setup();
    const calls = renderCard({ maxTokens: 10 });
    expect(await screen.findByText('planilha')).toBeVisible();
    expect(screen.getByText(/42 requisições/)).toBeVisible();
    expect(screen.getByText(/válido até/)).toBeVisible();

    await user.type(screen.getByLabelText('Nome do token'), 'bot');
    expect(screen.getByLabelText('Validade')).toHaveValue('90');
    await user.selectOptions(screen.getByLabelText('Validade'), '30 dias');
    await user.click(screen.getByRole('button', { name: 'Criar token' }));
    const secret = await screen.findByRole('status');
    expect(within(secret).getByText(SECRET)).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'bot', expiresInDays: 30 });

    await user.click(within(secret).getByRole('button', { name: 'Copiar' }));
    expect(await within(secret).findByRole('button', { name: 'Copiado' })).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(within(secret).getByRole('button', { name: 'Pronto' }));
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(await screen.findByText('bot')).toBeVisible();
    expect(screen.getByText(/Nunca usado/)).toBeVisible();
  });

  it('revokes a token', async () => {
    renderCard({ maxTokens: 10 });
    await userEvent.click(await screen.findByRole('button', { name: 'Revogar o token planilha' }));
    expect(await screen.findByText('Token revogado. Ele parou de funcionar.')).toBeVisible();
    expect(await screen.findByText('Nenhum token ainda.')).toBeVisible();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let isDown = true;
    renderCard({ maxTokens: 10, isDown: () => isDown });
    const retry = await screen.findByRole('button', { name: /Tentar/ });
    expect(screen.getByText('Fora do ar.')).toBeVisible();
    isDown = false;
    await userEvent.click(retry);
    expect(await screen.findByText('planilha')).toBeVisible();
  });
});
