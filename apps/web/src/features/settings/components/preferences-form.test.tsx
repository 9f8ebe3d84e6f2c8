import { preferencesResponseSchema, type Preferences } from '@farol/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSession, saveSession } from '../../../lib/session.ts';
import {
  errorAnswer,
  landingRoute,
  renderRoutes,
  sampleUser,
  stubFetch,
  type StubAnswer,
} from '../../../test/render.tsx';
import { PreferencesForm } from './preferences-form.tsx';

const saved: Preferences = sampleUser.preferences;

const PUBLIC_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

function renderForm(
  answerSave: (body: Partial<Preferences>) => StubAnswer,
  preferences: Preferences = saved,
) {
  saveSession('token-abc', sampleUser);
  const calls = stubFetch((url, method) => {
    if (url === '/api/user/preferences' && method === 'PUT') {
      return answerSave(calls.at(-1)!.body as Partial<Preferences>);
    }
    if (url === '/api/push/public-key')
      return { status: 200, body: { success: true, data: { publicKey: PUBLIC_KEY } } };
    if (url === '/api/push/subscriptions')
      return { status: 200, body: { success: true, data: { subscribed: true } } };
    return { status: 404 };
  });
  const view = renderRoutes(
    [
      { path: '/settings', element: <PreferencesForm preferences={preferences} /> },
      landingRoute('/dashboard'),
    ],
    '/settings',
  );
  return { ...view, calls };
}

const savedAnswer = (body: Partial<Preferences>) => ({
  status: 200,
  body: preferencesResponseSchema.parse({
    preferences: { ...saved, ...body },
    message: 'Configurações salvas com sucesso',
  }),
});

describe('PreferencesForm', () => {
  it('shows the saved choices and keeps save disabled until something changes', async () => {
    renderForm(savedAnswer);
    const user = userEvent.setup();
    expect((screen.getByRole('radio', { name: /OpenAI/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('switch', { name: 'Alertas por e-mail' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    const save = screen.getByRole('button', { name: 'Salvar configurações' });
    expect(save.hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('switch', { name: 'Notificações no navegador' }));
    expect(save.hasAttribute('disabled')).toBe(false);
    await user.click(screen.getByRole('switch', { name: 'Notificações no navegador' }));
    expect(save.hasAttribute('disabled')).toBe(true);
  });

  it('saves the AI provider and switches, toasts the server message and updates the stored user', async () => {
    const { calls } = renderForm(savedAnswer);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /Google Gemini/ }));
    await user.click(screen.getByRole('switch', { name: 'Alertas por e-mail' }));
    await user.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText('Configurações salvas com sucesso')).toBeVisible();
    // browser notifications were on already: saving something else asks the browser nothing
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      aiProvider: 'gemini',
      emailAlerts: false,
      pushNotifications: true,
      // an account that never chose shows BRL in pt-BR: saving keeps it
      currency: 'BRL',
    });
    expect(calls.some((call) => call.url.startsWith('/api/push'))).toBe(false);
    expect(readSession()!.user.preferences).toMatchObject({ aiProvider: 'gemini', emailAlerts: false });
  });

  it('saves the currency chosen in its select, and the stored user follows', async () => {
    const { calls } = renderForm(savedAnswer, { ...saved, currency: 'BRL' });
    const user = userEvent.setup();
    const select = screen.getByRole('combobox', { name: 'Moeda' });
    expect(select).toHaveValue('BRL');
    await user.selectOptions(select, 'Dólar americano (US$)');
    await user.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    await waitFor(() => expect(readSession()!.user.preferences.currency).toBe('USD'));
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ currency: 'USD' });
  });

  it('keeps browser notifications off, saying why, when this browser cannot receive them', async () => {
    const { calls } = renderForm(savedAnswer, { ...saved, pushNotifications: false });
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Notificações no navegador' }));
    await user.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    // jsdom has no service worker; two toasts stack (the refusal, then the save), the older one folded
    expect(await screen.findByText('Este navegador não recebe notificações do Farol.')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ pushNotifications: false });
  });

  describe('in a browser that can receive pushes', () => {
    const subscription = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: PUBLIC_KEY, auth: 'tBHItJI5svbpez7KI4CCXg' },
    };
    function pushCapableBrowser(permission: NotificationPermission) {
      const subscribe = vi.fn(async () => ({ ...subscription, toJSON: () => subscription }));
      const registration = { pushManager: { getSubscription: async () => null, subscribe } };
      vi.stubGlobal('PushManager', class {});
      vi.stubGlobal('Notification', { requestPermission: async () => permission });
      Object.defineProperty(navigator, 'serviceWorker', {
        configurable: true,
        value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
      });
      return subscribe;
    }
    afterEach(() => {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'serviceWorker');
    });

    it('subscribes this browser to the server key when notifications are turned on', async () => {
      const subscribe = pushCapableBrowser('granted');
      const { calls } = renderForm(savedAnswer, { ...saved, pushNotifications: false });
      const user = userEvent.setup();
      await user.click(screen.getByRole('switch', { name: 'Notificações no navegador' }));
      await user.click(screen.getByRole('button', { name: 'Salvar configurações' }));
      await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
      expect(subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
      expect(calls.find((call) => call.url === '/api/push/subscriptions')?.body).toEqual(subscription);
      expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ pushNotifications: true });
    });

    it('keeps notifications off and says why when the browser refuses permission', async () => {
      const subscribe = pushCapableBrowser('denied');
      const { calls } = renderForm(savedAnswer, { ...saved, pushNotifications: false });
      const user = userEvent.setup();
      await user.click(screen.getByRole('switch', { name: 'Notificações no navegador' }));
      await user.click(screen.getByRole('button', { name: 'Salvar configurações' }));
      expect(
        await screen.findByText(
          'O navegador não deu permissão para notificações. Libere nas configurações do site e tente de novo.',
        ),
      ).toBeInTheDocument();
      expect(subscribe).not.toHaveBeenCalled();
      expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ pushNotifications: false });
      expect(screen.getByRole('switch', { name: 'Notificações no navegador' })).toHaveAttribute(
        'aria-checked',
        'false',
      );
    });
  });

  it('toasts the failure under its title and keeps the choices for another try', async () => {
    renderForm(() => ({
      status: 500,
      body: errorAnswer({ code: 'internal_error', message: 'Erro interno do servidor' }),
    }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /Google Gemini/ }));
    await user.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText('Erro ao salvar configurações')).toBeVisible();
    expect(screen.getByText('Erro interno do servidor')).toBeVisible();
    expect((screen.getByRole('radio', { name: /Google Gemini/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Salvar configurações' }).hasAttribute('disabled')).toBe(false);
    expect(readSession()!.user.preferences.aiProvider).toBe('openai');
  });

  it('goes back to /dashboard on cancel without saving', async () => {
    const { calls } = renderForm(savedAnswer);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /Google Gemini/ }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('landed on /dashboard')).toBeVisible();
    expect(calls).toEqual([]);
  });
});
