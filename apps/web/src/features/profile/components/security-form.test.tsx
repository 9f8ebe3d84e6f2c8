import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readSession, saveSession } from '../../../lib/session.ts';
import { errorAnswer, renderRoutes, sampleUser, stubFetch, type StubAnswer } from '../../../test/render.tsx';
import { SecurityForm } from './security-form.tsx';

async function changePassword(
  answer: StubAnswer,
  passwords: [string, string, string],
  options: { removeAccess?: boolean } = {},
) {
  saveSession('old-token', sampleUser);
  const calls = stubFetch(() => answer);
  const user = userEvent.setup();
  renderRoutes([{ path: '/profile', element: <SecurityForm /> }], '/profile');
  const [current, next, confirm] = passwords;
  await user.type(screen.getByLabelText('Senha atual'), current);
  await user.type(screen.getByLabelText('Nova senha'), next);
  await user.type(screen.getByLabelText('Confirmar nova senha'), confirm);
  if (options.removeAccess)
    await user.click(
      screen.getByRole('checkbox', { name: 'Remover também tokens, webhooks, notificações push e Telegram' }),
    );
  await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
  return calls;
}

describe('SecurityForm', () => {
  it('shows the mismatch toast and sends nothing when the new passwords differ', async () => {
    const calls = await changePassword({ status: 500 }, ['antiga123', 'nova12345', 'nova12346']);
    expect(await screen.findByText('As senhas não coincidem')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('stores the fresh token and clears the fields when the password changes', async () => {
    const calls = await changePassword(
      { status: 200, body: { message: 'Senha alterada com sucesso', token: 'new-token' } },
      ['antiga123', 'nova12345', 'nova12345'],
    );
    expect(await screen.findByText('Senha alterada com sucesso')).toBeVisible();
    expect(calls[0]!.body).toEqual({ currentPassword: 'antiga123', newPassword: 'nova12345' });
    expect(readSession()?.token).toBe('new-token');
    await waitFor(() => expect((screen.getByLabelText('Senha atual') as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText('Nova senha') as HTMLInputElement).value).toBe('');
  });

  it('asks the server to remove tokens, webhooks, push and Telegram when the box is ticked', async () => {
    const calls = await changePassword(
      { status: 200, body: { message: 'Senha alterada com sucesso', token: 'new-token' } },
      ['antiga123', 'nova12345', 'nova12345'],
      { removeAccess: true },
    );
    expect(await screen.findByText('Senha alterada com sucesso')).toBeVisible();
    expect(calls[0]!.body).toEqual({
      currentPassword: 'antiga123',
      newPassword: 'nova12345',
      removeAccess: true,
    });
  });

  it("toasts the server's message and keeps the fields when the current password is wrong", async () => {
    await changePassword(
      {
        status: 400,
        body: errorAnswer({ code: 'wrong_current_password', message: 'A senha atual está incorreta.' }),
      },
      ['errada123', 'nova12345', 'nova12345'],
    );
    expect(await screen.findByText('A senha atual está incorreta.')).toBeVisible();
    expect(screen.getByText('Erro ao alterar senha')).toBeVisible();
    expect((screen.getByLabelText('Nova senha') as HTMLInputElement).value).toBe('nova12345');
    expect(readSession()?.token).toBe('old-token');
  });
});
