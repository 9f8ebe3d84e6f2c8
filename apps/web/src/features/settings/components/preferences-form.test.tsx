import { preferencesResponseSchema, type Preferences } from '@farol/contract';
import { screen, waitFor, within } from '@testing-library/react';
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
      landingRoute('/email-settings'),
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
    await user.click(screen.getByRole('switch', { name: 'Alertas por e-mail' }));
    expect(save.hasAttribute('disabled')).toBe(false);
    await user.click(screen.getByRole('switch', { name: 'Alertas por e-mail' }));
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

  it('shows browser notifications off, saying why, in a browser that cannot receive them', async () => {
    // the account has them on (another browser may be subscribed); jsdom has no service worker
    const { calls } = renderForm(savedAnswer, { ...saved, pushNotifications: true });
    const user = userEvent.setup();
    expect(await screen.findByText('Este navegador não recebe notificações do Farol.')).toBeVisible();
    const pushSwitch = screen.getByRole('switch', { name: 'Notificações no navegador' });
    expect(pushSwitch).toHaveAttribute('aria-checked', 'false');
    expect(pushSwitch).toBeDisabled();
    // saving something else keeps the account's setting for its other browsers
    await user.click(screen.getByRole('radio', { name: /Google Gemini/ }));
    await user.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ pushNotifications: true });
  });

  describe('in a browser that can receive pushes', () => {
    const subscription = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: PUBLIC_KEY, auth: 'tBHItJI5svbpez7KI4CCXg' },
    };
    function pushCapableBrowser(
      permission: NotificationPermission,
      {
        current = 'default',
        isSubscribed = false,
      }: { current?: NotificationPermission; isSubscribed?: boolean } = {},
    ) {
      const subscribe = vi.fn(async () => ({ ...subscription, toJSON: () => subscription }));
      const registration = {
        pushManager: {
          getSubscription: async () =>
            isSubscribed ? { ...subscription, toJSON: () => subscription } : null,
          subscribe,
        },
      };
      vi.stubGlobal('PushManager', class {});
      vi.stubGlobal('Notification', { permission: current, requestPermission: async () => permission });
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

    it('asks for permission the moment the switch is turned on, and stays off when refused', async () => {
      const subscribe = pushCapableBrowser('denied');
      const { calls } = renderForm(savedAnswer, { ...saved, pushNotifications: false });
      const user = userEvent.setup();
      const pushSwitch = screen.getByRole('switch', { name: 'Notificações no navegador' });
      await waitFor(() => expect(pushSwitch).toBeEnabled());
      await user.click(pushSwitch);
      expect(
        await screen.findByText(
          'O navegador não deu permissão para notificações. Libere nas configurações do site e tente de novo.',
        ),
      ).toBeVisible();
      expect(subscribe).not.toHaveBeenCalled();
      expect(pushSwitch).toHaveAttribute('aria-checked', 'false');
      // nothing changed, so there is nothing to save
      expect(screen.getByRole('button', { name: 'Salvar configurações' })).toBeDisabled();
      expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    });

    it('shows off while the account has notifications on but this browser is not subscribed', async () => {
      pushCapableBrowser('granted', { current: 'granted', isSubscribed: false });
      renderForm(savedAnswer, { ...saved, pushNotifications: true });
      const pushSwitch = screen.getByRole('switch', { name: 'Notificações no navegador' });
      await waitFor(() => expect(pushSwitch).toBeEnabled());
      expect(pushSwitch).toHaveAttribute('aria-checked', 'false');
    });

    it('shows on when this browser is subscribed with permission', async () => {
      pushCapableBrowser('granted', { current: 'granted', isSubscribed: true });
      renderForm(savedAnswer, { ...saved, pushNotifications: true });
      const pushSwitch = screen.getByRole('switch', { name: 'Notificações no navegador' });
      await waitFor(() => expect(pushSwitch).toHaveAttribute('aria-checked', 'true'));
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

  it('is one column of groups, Conta · Plano · Notificações · Integrações, the language in Conta', async () => {
    saveSession('token-abc', sampleUser);
    stubFetch(() => ({ status: 404 }));
    renderRoutes(
      [
        {
          path: '/settings',
          element: (
            <PreferencesForm
              preferences={saved}
              groups={{
                plan: <p>plan card</p>,
                notifications: <p>telegram card</p>,
                integrations: <p>keys card</p>,
              }}
            />
          ),
        },
      ],
      '/settings',
    );
    const groups = ['Conta', 'Plano', 'Notificações', 'Integrações'];
    expect(
      screen
        .getAllByRole('region')
        .map((region) => region.getAttribute('aria-labelledby'))
        .map((id) => document.getElementById(id!)?.textContent)
        .filter((name) => groups.includes(name!)),
    ).toEqual(groups);
    const account = screen.getByRole('region', { name: 'Conta' });
    expect(within(account).getByRole('combobox', { name: 'Idioma' })).toHaveValue('pt-BR');
    expect(within(account).getByRole('combobox', { name: 'Moeda' })).toBeInTheDocument();
    const notifications = screen.getByRole('region', { name: 'Notificações' });
    expect(within(notifications).getByRole('switch', { name: 'Alertas por e-mail' })).toBeInTheDocument();
    expect(within(notifications).getByText('telegram card')).toBeInTheDocument();
    const integrations = screen.getByRole('region', { name: 'Integrações' });
    expect(within(integrations).getByRole('radio', { name: /OpenAI/ })).toBeInTheDocument();
    expect(within(integrations).getByText('keys card')).toBeInTheDocument();
  });

  it('leads from the Notificações group to the e-mail settings page', async () => {
    renderForm(savedAnswer);
    const user = userEvent.setup();
    const notifications = screen.getByRole('region', { name: 'Notificações' });
    await user.click(within(notifications).getByRole('link', { name: /Configurações de e-mail/ }));
    expect(await screen.findByText('landed on /email-settings')).toBeVisible();
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
