import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session.ts';
import { renderRoutes, sampleUser, stubFetch } from '../../../test/render.tsx';
import { TelegramCard } from './telegram-card.tsx';

function renderCard(status: () => { configured: boolean; linked: boolean }) {
  saveSession('token-abc', sampleUser);
  const calls = stubFetch((url, method) => {
    if (url === '/api/telegram' && method === 'GET')
      return { status: 200, body: { success: true, data: { ...status(), botUsername: 'FarolAlertasBot' } } };
    if (url === '/api/telegram/link' && method === 'POST')
      return {
        status: 200,
        body: {
          success: true,
          data: {
            code: 'K7M2Q9XW',
            url: 'https://t.me/FarolAlertasBot?start=K7M2Q9XW',
            expiresAt: '2026-11-26T12:15:00.000Z',
          },
        },
      };
    if (url === '/api/telegram/link' && method === 'DELETE')
      return { status: 200, body: { message: 'Telegram desconectado. Os alertas não vão mais para lá.' } };
    return { status: 404 };
  });
  const view = renderRoutes([{ path: '/settings', element: <TelegramCard /> }], '/settings');
  return { ...view, calls };
}

describe('TelegramCard', () => {
  it('is not shown when the operator has no bot', async () => {
    const { calls, queryClient } = renderCard(() => ({ configured: false, linked: false }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/telegram')).toBe(true));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('heading', { name: 'Telegram' })).toBeNull();
  });

  it('gives a code and its link, then shows the chat linked once the bot received it', async () => {
    let linked = false;
    renderCard(() => ({ configured: true, linked }));
    await userEvent.click(await screen.findByRole('button', { name: 'Conectar Telegram' }));
    expect(await screen.findByText('K7M2Q9XW')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Abrir o Telegram' })).toHaveAttribute(
      'href',
      'https://t.me/FarolAlertasBot?start=K7M2Q9XW',
    );
    linked = true;
    expect(
      await screen.findByText('Conectado: seus alertas chegam no Telegram.', {}, { timeout: 5000 }),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Desconectar' }));
    expect(await screen.findByText('Telegram desconectado. Os alertas não vão mais para lá.')).toBeVisible();
  });
});
