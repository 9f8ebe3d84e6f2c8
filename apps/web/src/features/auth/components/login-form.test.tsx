import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { readSession } from '../../../lib/session.ts';
import { authAnswer, errorAnswer, landingRoute, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { LoginForm } from './login-form.tsx';

async function submitLogin(email: string, password: string) {
  const user = userEvent.setup();
  renderRoutes([{ path: '/login', element: <LoginForm /> }, landingRoute('/dashboard')], '/login');
  if (email) await user.type(screen.getByLabelText(i18n.t('auth:login.email')), email);
  if (password) await user.type(screen.getByLabelText(i18n.t('auth:login.password')), password);
  await user.click(screen.getByRole('button', { name: i18n.t('auth:login.submit') }));
}

describe('LoginForm', () => {
  it("toasts the server's invalid-credentials message and stays signed out", async () => {
    stubFetch(() => ({
      status: 401,
      body: errorAnswer({ code: 'invalid_credentials', message: 'Credenciais inválidas' }),
    }));
    await submitLogin('ana@example.com', 'wrong-password1');

    expect(await screen.findByText('Credenciais inválidas')).toBeVisible();
    expect(screen.getByText('Erro no login')).toBeVisible();
    expect(readSession()).toBeNull();
    expect(screen.queryByText('landed on /dashboard')).toBeNull();
  });

  it('toasts the connection error when the server cannot be reached', async () => {
    await i18n.changeLanguage('en');
    stubFetch(() => 'network-error');
    await submitLogin('ana@example.com', 'segura123');
    expect(await screen.findByText('Connection error. Please try again.')).toBeVisible();
  });

  it('marks empty fields as required without calling the server', async () => {
    const calls = stubFetch(() => ({ status: 500 }));
    await submitLogin('', '');
    expect(await screen.findByText('O e-mail é obrigatório.')).toBeVisible();
    expect(screen.getByText('A senha é obrigatória.')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('stores token and user, toasts the server message and goes to /dashboard', async () => {
    const calls = stubFetch(() => ({ status: 200, body: authAnswer('Login realizado com sucesso') }));
    await submitLogin('ana@example.com', 'segura123');
    expect(await screen.findByText('landed on /dashboard')).toBeVisible();
    expect(calls[0]!.body).toEqual({ email: 'ana@example.com', password: 'segura123' });
    expect(readSession()?.token).toBe('token-abc');
    expect(await screen.findByText('Login realizado com sucesso')).toBeVisible();
  });
});
