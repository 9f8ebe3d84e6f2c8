import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readSession, saveSession } from '../../../lib/session.ts';
import { errorAnswer, renderRoutes, sampleUser, stubFetch } from '../../../test/render.tsx';
import { PrivacySection } from './privacy-section.tsx';

const routes = [
  { path: '/profile', element: <PrivacySection /> },
  { path: '/', element: <h1>Início</h1> },
];

async function openDeleteDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Excluir minha conta' }));
  return screen.findByRole('dialog', { name: 'Excluir sua conta?' });
}

describe('PrivacySection', () => {
  it('deletes the account with the password, forgets the session and goes home', async () => {
    saveSession('the-token', sampleUser);
    const calls = stubFetch(() => ({
      status: 200,
      body: { message: 'Conta excluída. Enviamos uma confirmação para o seu e-mail.' },
    }));
    renderRoutes(routes, '/profile');
    const dialog = await openDeleteDialog();
    await userEvent.type(within(dialog).getByLabelText('Senha'), 'minhaSenha123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir definitivamente' }));
    expect(await screen.findByRole('heading', { name: 'Início' })).toBeVisible();
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ['DELETE', '/api/user', { password: 'minhaSenha123' }],
    ]);
    expect(readSession()).toBeNull();
    expect(screen.getByText('Conta excluída. Enviamos uma confirmação para o seu e-mail.')).toBeVisible();
  });

  it('keeps the dialog, the session and says why when the password is wrong', async () => {
    saveSession('the-token', sampleUser);
    stubFetch(() => ({
      status: 400,
      body: errorAnswer({ code: 'wrong_current_password', message: 'A senha atual está incorreta.' }),
    }));
    renderRoutes(routes, '/profile');
    const dialog = await openDeleteDialog();
    await userEvent.type(within(dialog).getByLabelText('Senha'), 'errada123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir definitivamente' }));
    expect(await screen.findByText('A senha atual está incorreta.')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Excluir sua conta?' })).toBeVisible();
    expect(readSession()?.token).toBe('the-token');
  });

  it('sends nothing while the password is empty', async () => {
    saveSession('the-token', sampleUser);
    const calls = stubFetch(() => ({ status: 500 }));
    renderRoutes(routes, '/profile');
    const dialog = await openDeleteDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir definitivamente' }));
    expect(calls).toEqual([]);
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeVisible();
  });

  it('downloads the data export with the session', async () => {
    saveSession('the-token', sampleUser);
    const calls = stubFetch(() => ({ status: 200, body: { profile: { name: 'Ana' } } }));
    const created: string[] = [];
    URL.createObjectURL = () => {
      created.push('blob:farol');
      return 'blob:farol';
    };
    URL.revokeObjectURL = () => undefined;
    renderRoutes(routes, '/profile');
    await userEvent.click(screen.getByRole('button', { name: 'Baixar meus dados' }));
    await screen.findByRole('button', { name: 'Baixar meus dados' });
    await expect.poll(() => created).toEqual(['blob:farol']);
    expect(calls.map((call) => [call.url, call.headers.Authorization])).toEqual([
      ['/api/user/export', 'Bearer the-token'],
    ]);
  });
});
