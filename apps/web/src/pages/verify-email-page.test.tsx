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
  it('confirms the address once with the token of the link and updates the signed-in user', async () => {
    saveSession('token-abc', unverified);
    const calls = stubFetch(() => ({
      status: 200,
      body: verifyEmailResponseSchema.parse({
        message: 'E-mail confirmado.',
        user: { ...sampleUser, emailVerified: true },
      }),
    }));
    renderRoutes(routes, '/verify-email?token=abc123');
    expect(await screen.findByText('E-mail confirmado')).toBeTruthy();
    expect(screen.getByText('E-mail confirmado.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir para o painel' })).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/auth/verify-email')).toEqual([
      expect.objectContaining({ method: 'POST', body: { token: 'abc123' } }),
    ]);
    expect(readSession()!.user.emailVerified).toBe(true);
    expect(screen.queryByRole('button', { name: 'Reenviar link' })).toBeNull();
  });

  it('shows the server message for an invalid or expired link', async () => {
    stubFetch(() => ({
      status: 400,
      body: errorAnswer({
        code: 'invalid_verification_token',
        message: 'Link de verificação inválido ou expirado.',
      }),
    }));
    renderRoutes(routes, '/verify-email?token=old');
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
