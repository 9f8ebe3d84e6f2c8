import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorAnswer, renderRoutes, stubFetch } from '../test/render.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

const routes = [
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
];

describe('password reset pages', { timeout: 20_000 }, () => {
  it('asks for a link and shows the server answer', async () => {
    const calls = stubFetch(() => ({
      status: 200,
      body: { message: 'Se existir uma conta com este e-mail, enviamos um link.' },
    }));
    renderRoutes(routes, '/forgot-password');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByText('Se existir uma conta com este e-mail, enviamos um link.')).toBeVisible();
    expect(calls[0]).toMatchObject({
      url: '/api/auth/forgot-password',
      method: 'POST',
      body: { email: 'ana@example.com' },
    });
  });

  it('says the link is incomplete when it carries no token', async () => {
    stubFetch(() => ({ status: 404 }));
    renderRoutes(routes, '/reset-password');
    expect(await screen.findByText(/link de redefinição está incompleto/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toBeVisible();
  });

  it('refuses mismatched passwords without calling the server', async () => {
    const calls = stubFetch(() => ({ status: 200, body: { message: 'ok' } }));
    renderRoutes(routes, '/reset-password?token=abcdefghijklmnop');
    await userEvent.type(await screen.findByLabelText('Nova senha'), 'novaSenha9');
    await userEvent.type(screen.getByLabelText('Confirmar nova senha'), 'novaSenha8');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText('As senhas não coincidem')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('offers a new link when the server rejects the token, and confirms a reset', async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: errorAnswer({
        code: 'invalid_reset_token',
        message: 'Link de redefinição inválido ou expirado.',
      }),
    };
    const calls = stubFetch(() => answer);
    renderRoutes(routes, '/reset-password?token=abcdefghijklmnop');
    await userEvent.type(await screen.findByLabelText('Nova senha'), 'novaSenha9');
    await userEvent.type(screen.getByLabelText('Confirmar nova senha'), 'novaSenha9');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText('Link de redefinição inválido ou expirado.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toBeVisible();
    answer = { status: 200, body: { message: 'Senha redefinida. Entre com a nova senha.' } };
    await userEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByRole('link', { name: 'Ir para o login' })).toBeVisible();
    expect(calls.at(-1)).toMatchObject({
      url: '/api/auth/reset-password',
      body: { token: 'abcdefghijklmnop', password: 'novaSenha9' },
    });
  });
});
