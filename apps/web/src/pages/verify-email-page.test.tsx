import { emailResultSchema, verifyEmailResponseSchema } from '@farol/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { EmailVerificationBanner } from '../features/auth/components/email-verification-banner.tsx';
import { readSession, saveSession } from '../lib/session.ts';
import { errorAnswer, renderRoutes, sampleUser, stubFetch } from '../test/render.tsx';
import { VerifyEmailPage } from './verify-email-page.tsx';

const unverified = { ...sampleUser, emailVerified: false };

function WithBanner() {
  return (
    <>
      <EmailVerificationBanner />
      <Outlet />
    </>
  );
}

const routes = [
  {
    element: <WithBanner />,
    children: [
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/dashboard', element: <p>painel</p> },
    ],
  },
];

describe('e-mail verification', { timeout: 20_000 }, () => {
  it('sends nothing on opening the link; the signed-in owner confirms with the button and the user follows', async () => {
    saveSession('token-abc', unverified);
    const calls = stubFetch(() => ({
      status: 200,
      body: verifyEmailResponseSchema.parse({
        message: 'E-mail confirmado.',
        user: { ...sampleUser, emailVerified: true },
      }),
    }));
    renderRoutes(routes, '/verify-email?token=abc123&email=ana%40example.com');
    const confirm = await screen.findByRole('button', { name: 'Confirmar' });
    expect(screen.getAllByText('ana@example.com').length).toBeGreaterThan(0);
    expect(screen.queryByLabelText('Senha desta conta')).toBeNull();
    expect(calls.filter((call) => call.url === '/api/auth/verify-email')).toEqual([]);
    await userEvent.click(confirm);
    expect(await screen.findByText('E-mail confirmado')).toBeTruthy();
    expect(screen.getByText('E-mail confirmado.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir para o painel' })).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/auth/verify-email')).toEqual([
      expect.objectContaining({ method: 'POST', body: { token: 'abc123' } }),
    ]);
    expect(readSession()!.user.emailVerified).toBe(true);
    expect(screen.queryByRole('button', { name: 'Reenviar link' })).toBeNull();
  });

  it('keeps the fresh session answered when the confirmation ended the other sessions', async () => {
    saveSession('token-abc', unverified);
    stubFetch(() => ({
      status: 200,
      body: verifyEmailResponseSchema.parse({
        message: 'E-mail confirmado.',
        user: { ...sampleUser, emailVerified: true },
        token: 'token-new',
      }),
    }));
    renderRoutes(routes, '/verify-email?token=abc123&email=ana%40example.com');
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('E-mail confirmado')).toBeTruthy();
    expect(readSession()).toMatchObject({ token: 'token-new', user: { emailVerified: true } });
  });

  it('asks for the account password when not signed in as it, and shows a wrong one', async () => {
    saveSession('token-other', { ...sampleUser, email: 'bruno@example.com' });
    let attempts = 0;
    const calls = stubFetch(() => {
      attempts += 1;
      return attempts === 1
        ? {
            status: 403,
            body: errorAnswer({
              code: 'verification_password_incorrect',
              message: 'A senha não é a desta conta.',
            }),
          }
        : {
            status: 200,
            body: verifyEmailResponseSchema.parse({
              message: 'E-mail confirmado.',
              user: { ...sampleUser, id: 'other-id', emailVerified: true },
            }),
          };
    });
    renderRoutes(routes, '/verify-email?token=abc123&email=ana%40example.com');
    expect(await screen.findByText(/conectado como bruno@example.com/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Digite a senha da conta.')).toBeTruthy();
    expect(calls).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Senha desta conta'), 'errada1');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('A senha não é a desta conta.')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Senha desta conta'));
    await userEvent.type(screen.getByLabelText('Senha desta conta'), 'certa123');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('E-mail confirmado')).toBeTruthy();
    expect(calls.map((call) => call.body)).toEqual([
      { token: 'abc123', password: 'errada1' },
      { token: 'abc123', password: 'certa123' },
    ]);
    // another account's stored session is left as it was
    expect(readSession()!.user.email).toBe('bruno@example.com');
  });

  it('shows the server message for an invalid or expired link', async () => {
    saveSession('token-abc', unverified);
    stubFetch(() => ({
      status: 400,
      body: errorAnswer({
        code: 'invalid_verification_token',
        message: 'Link de verificação inválido ou expirado.',
      }),
    }));
    renderRoutes(routes, '/verify-email?token=old');
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Não foi possível confirmar')).toBeTruthy();
    expect(screen.getByText('Link de verificação inválido ou expirado.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Entre na sua conta para pedir um novo link.' })).toBeTruthy();
  });

  it('says the link is incomplete without a token, and calls nothing', async () => {
    const calls = stubFetch(() => ({ status: 500 }));
    renderRoutes(routes, '/verify-email');
    expect(await screen.findByText(/link de confirmação está incompleto/)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows the banner until the address is verified and re-sends the link from it', async () => {
    saveSession('token-abc', unverified);
    const calls = stubFetch(() => ({
      status: 200,
      body: emailResultSchema.parse({
        success: true,
        sent: true,
        message: 'Email enviado para ana@example.com.',
      }),
    }));
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByText(/Confirme o seu e-mail \(ana@example.com\)/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reenviar link' }));
    expect(await screen.findByText('Email enviado para ana@example.com.')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ url: '/api/auth/resend-verification', method: 'POST' });
  });

  it('shows no banner for a verified address', async () => {
    saveSession('token-abc', sampleUser);
    stubFetch(() => ({ status: 404 }));
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByText('painel')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reenviar link' })).toBeNull();
  });
});
