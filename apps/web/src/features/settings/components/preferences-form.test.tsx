import { preferencesResponseSchema, type Preferences } from '@farol/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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

function renderForm(answerSave: (body: Partial<Preferences>) => StubAnswer) {
  saveSession('token-abc', sampleUser);
  const calls = stubFetch((url, method) => {
    if (url === '/api/user/preferences' && method === 'PUT') {
      return answerSave(calls.at(-1)!.body as Partial<Preferences>);
    }
    return { status: 404 };
  });
  const view = renderRoutes(
    [{ path: '/settings', element: <PreferencesForm preferences={saved} /> }, landingRoute('/dashboard')],
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
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      aiProvider: 'gemini',
      emailAlerts: false,
      pushNotifications: true,
    });
    expect(readSession()!.user.preferences).toMatchObject({ aiProvider: 'gemini', emailAlerts: false });
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
