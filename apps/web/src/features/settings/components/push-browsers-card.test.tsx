import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session.ts';
import { errorAnswer, renderRoutes, sampleUser, stubFetch } from '../../../test/render.tsx';
import { PushBrowsersCard } from './push-browsers-card.tsx';

const phone = {
  id: '0b5e8f2a-3c1d-4e6f-8a9b-1c2d3e4f5a6b',
  host: 'fcm.googleapis.com',
  createdAt: '2026-11-20T10:00:00.000Z',
};
const laptop = {
  id: '1c6f9a3b-4d2e-4f70-9bac-2d3e4f5a6b7c',
  host: 'updates.push.services.mozilla.com',
  createdAt: '2026-11-10T10:00:00.000Z',
};

function renderCard(answer: () => { status: number; body?: unknown }) {
  saveSession('token-abc', sampleUser);
  let browsers = [phone, laptop];
  const calls = stubFetch((url, method) => {
    if (url === '/api/push/subscriptions' && method === 'GET') {
      const result = answer();
      return result.status === 200 ? { status: 200, body: { success: true, data: browsers } } : result;
    }
    if (url === `/api/push/subscriptions/${laptop.id}` && method === 'DELETE') {
      browsers = browsers.filter((browser) => browser.id !== laptop.id);
      return { status: 200, body: { success: true, data: { subscribed: false } } };
    }
    return { status: 404 };
  });
  renderRoutes([{ path: '/settings', element: <PushBrowsersCard /> }], '/settings');
  return calls;
}

describe('PushBrowsersCard', () => {
  it('lists each browser by its push service and removes one', async () => {
    const calls = renderCard(() => ({ status: 200 }));
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('fcm.googleapis.com')).toBeVisible();
    await userEvent.click(
      screen.getByRole('button', { name: 'Remover o navegador em updates.push.services.mozilla.com' }),
    );
    expect(await screen.findByText('Navegador removido: ele não recebe mais notificações.')).toBeVisible();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
    expect(screen.queryByText('updates.push.services.mozilla.com')).toBeNull();
  });

  it('says when no browser receives notifications', async () => {
    saveSession('token-abc', sampleUser);
    stubFetch(() => ({ status: 200, body: { success: true, data: [] } }));
    renderRoutes([{ path: '/settings', element: <PushBrowsersCard /> }], '/settings');
    expect(await screen.findByText('Nenhum navegador recebe notificações.')).toBeVisible();
  });

  it('shows a failed load with a retry', async () => {
    renderCard(() => ({
      status: 503,
      body: errorAnswer({ code: 'service_unavailable', message: 'Fora do ar.' }),
    }));
    expect(await screen.findByText('Não foi possível carregar os navegadores')).toBeVisible();
    expect(screen.getByRole('button', { name: /tentar/i })).toBeVisible();
  });
});
