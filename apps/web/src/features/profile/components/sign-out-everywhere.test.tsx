import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { logoutAndReload, readSession, saveSession } from '../../../lib/session.ts';
import { errorAnswer, renderRoutes, sampleUser, stubFetch } from '../../../test/render.tsx';
import { SignOutEverywhere } from './sign-out-everywhere.tsx';

const routes = [
  { path: '/profile', element: <SignOutEverywhere /> },
  { path: '/login', element: <h1>Entrar</h1> },
];

describe('SignOutEverywhere', () => {
  it('ends every session on the server, forgets this one and opens the login page', async () => {
    saveSession('the-token', sampleUser);
    const calls = stubFetch(() => ({ status: 200, body: { message: 'Todas as sessões foram encerradas' } }));
    renderRoutes(routes, '/profile');
    await userEvent.click(screen.getByRole('button', { name: 'Sair de todos os dispositivos' }));
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeInstanceOf(HTMLElement);
    expect(calls.map((call) => [call.method, call.url, call.headers.Authorization])).toEqual([
      ['POST', '/api/auth/logout-all', 'Bearer the-token'],
    ]);
    expect(readSession()).toBeNull();
    expect(screen.getByText('Todas as sessões foram encerradas')).toBeInstanceOf(HTMLElement);
  });

  it('keeps the session and says so when the server cannot end the sessions', async () => {
    saveSession('the-token', sampleUser);
    stubFetch(() => ({ status: 503, body: errorAnswer({ code: 'unavailable', message: 'Indisponível' }) }));
    renderRoutes(routes, '/profile');
    await userEvent.click(screen.getByRole('button', { name: 'Sair de todos os dispositivos' }));
    expect(await screen.findByText('Erro ao encerrar as sessões')).toBeInstanceOf(HTMLElement);
    expect(readSession()?.token).toBe('the-token');
    expect(screen.queryByRole('heading', { name: 'Entrar' })).toBeNull();
  });
});

describe('logout', () => {
  it('tells the server to end the session before forgetting it', async () => {
    saveSession('the-token', sampleUser);
    const calls = stubFetch(() => ({ status: 200, body: { message: 'Sessão encerrada' } }));
    const assign = window.location.assign;
    Object.defineProperty(window, 'location', {
      value: { ...window.location, assign: () => undefined },
      configurable: true,
    });
    try {
      logoutAndReload();
    } finally {
      Object.defineProperty(window, 'location', {
        value: { ...window.location, assign },
        configurable: true,
      });
    }
    expect(readSession()).toBeNull();
    await expect
      .poll(() => calls.map((call) => [call.method, call.url, call.headers.Authorization]))
      .toEqual([['POST', '/api/auth/logout', 'Bearer the-token']]);
  });
});
