import type { Webhook } from '@farol/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session.ts';
import { renderRoutes, sampleUser, stubFetch } from '../../../test/render.tsx';
import { WebhooksCard } from './webhooks-card.tsx';

const hook: Webhook = {
  id: '5d1f7a0e-8b0c-4c55-9d4e-2a7b3c9e1f00',
  url: 'https://bots.example.com/farol',
  events: ['alert.fired', 'signal.changed'],
  isActive: true,
  consecutiveFailures: 0,
  createdAt: '2026-11-20T12:00:00.000Z',
  deliveries: [
    {
      id: 'd1',
      event: 'alert.fired',
      status: 'failed',
      attempts: 10,
      lastError: 'HTTP 500',
      errorCode: 'http_status',
      errorStatus: 500,
      createdAt: '2026-11-25T10:00:00.000Z',
      sentAt: null,
    },
  ],
};

function renderCard(maxWebhooks: number) {
  saveSession('token-abc', sampleUser);
  let webhooks: Webhook[] = maxWebhooks ? [hook] : [];
  const calls = stubFetch((url, method) => {
    if (url === '/api/user/webhooks' && method === 'GET') {
      const answer = { status: 200, body: { success: true, data: { webhooks, maxWebhooks } } };
      // a delivery seen being sent has its outcome at the next read
      webhooks = webhooks.map((item) => ({
        ...item,
        deliveries: item.deliveries.map((delivery) =>
          delivery.status === 'sending' ? { ...delivery, status: 'sent' as const } : delivery,
        ),
      }));
      return answer;
    }
    if (url === '/api/user/webhooks' && method === 'POST') {
      const created = {
        ...hook,
        id: '9e2c4b1a-1111-4c55-9d4e-2a7b3c9e1f00',
        url: 'https://hooks.test/x',
        deliveries: [],
      };
      webhooks = [created, ...webhooks];
      return {
        status: 201,
        body: { success: true, data: { ...created, secret: 'whsec_segredo' }, message: 'ok' },
      };
    }
    if (url === `/api/user/webhooks/${hook.id}/test` && method === 'POST') {
      webhooks = webhooks.map((item) =>
        item.id === hook.id
          ? {
              ...item,
              deliveries: [
                {
                  ...hook.deliveries[0]!,
                  id: 'd2',
                  event: 'webhook.test',
                  status: 'sent',
                  attempts: 1,
                  lastError: null,
                  errorCode: null,
                  errorStatus: null,
                  sentAt: '2026-11-26T10:00:00.000Z',
                },
                ...item.deliveries,
              ],
            }
          : item,
      );
      return {
        status: 202,
        body: { success: true, data: { deliveryId: 'd2' }, message: 'Evento de teste na fila.' },
      };
    }
    return { status: 404 };
  });
  renderRoutes([{ path: '/settings', element: <WebhooksCard /> }], '/settings');
  return calls;
}

describe('WebhooksCard', () => {
  it('shows a plan without webhooks the way to the plans', async () => {
    renderCard(0);
    expect(await screen.findByText('Webhooks fazem parte do plano Profissional.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ver planos' })).toHaveAttribute('href', '/pricing');
  });

  it('lists a webhook with its delivery log, sends a test event and follows it until it is delivered', async () => {
    renderCard(5);
    expect(await screen.findByText('https://bots.example.com/farol')).toBeVisible();
    // the failure in words beside the delivery; the receiver's raw text only behind a detail
    expect(screen.getByText('O endereço respondeu com erro HTTP 500.')).toBeVisible();
    expect(screen.getByText('HTTP 500')).not.toBeVisible();
    await userEvent.click(screen.getByText('Detalhe técnico'));
    expect(screen.getByText('HTTP 500')).toBeVisible();
    expect(screen.getByText('Falhou')).toBeVisible();
    await userEvent.click(
      screen.getByRole('button', { name: 'Enviar evento de teste para https://bots.example.com/farol' }),
    );
    expect(await screen.findByText('webhook.test')).toBeVisible();
    // the log is read again while the delivery is on its way
    expect(await screen.findByText('Entregue', {}, { timeout: 5000 })).toBeVisible();
  });

  it('creates a webhook for the chosen events and shows its secret once', async () => {
    const calls = renderCard(5);
    await userEvent.type(await screen.findByLabelText('URL (HTTPS)'), 'https://hooks.test/x');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sinal de favorita mudou' }));
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar webhook' }));
    const secret = await screen.findByRole('status');
    expect(within(secret).getByText('whsec_segredo')).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      url: 'https://hooks.test/x',
      events: ['alert.fired'],
    });
    await userEvent.click(within(secret).getByRole('button', { name: 'Pronto' }));
    expect(screen.queryByText('whsec_segredo')).toBeNull();
  });
});

describe('WebhooksCard address errors', () => {
  it("says the server's refusal under the address field, and clears it when the address changes", async () => {
    saveSession('token-abc', sampleUser);
    stubFetch((url, method) => {
      if (url === '/api/user/webhooks' && method === 'GET')
        return { status: 200, body: { success: true, data: { webhooks: [], maxWebhooks: 5 } } };
      if (url === '/api/user/webhooks' && method === 'POST')
        return {
          status: 400,
          body: {
            success: false,
            error: 'O endereço nowhere.invalid não foi encontrado: o nome não resolve. Confira o domínio.',
            code: 'webhook_host_unresolved',
            message: 'O endereço nowhere.invalid não foi encontrado: o nome não resolve. Confira o domínio.',
          },
        };
      return { status: 404 };
    });
    renderRoutes([{ path: '/settings', element: <WebhooksCard /> }], '/settings');
    const user = userEvent.setup();
    const address = await screen.findByRole('textbox');
    await user.type(address, 'https://nowhere.invalid/hook');
    await user.click(screen.getByRole('button', { name: /Adicionar|Criar|Add/ }));
    const message = await screen.findByText(
      'O endereço nowhere.invalid não foi encontrado: o nome não resolve. Confira o domínio.',
    );
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(address).toHaveAttribute('aria-describedby', message.id);
    await user.type(address, 'x');
    expect(message).not.toBeInTheDocument();
  });
});
