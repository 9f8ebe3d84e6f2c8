import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readSession } from '../../../lib/session.ts';
import {
  authAnswer,
  errorAnswer,
  landingRoute,
  renderRoutes,
  sampleUser,
  stubFetch,
} from '../../../test/render.tsx';
import { RegisterForm } from './register-form.tsx';

function renderRegisterForm() {
  const user = userEvent.setup();
  renderRoutes([{ path: '/register', element: <RegisterForm /> }, landingRoute('/dashboard')], '/register');
  const submit = screen.getByRole('button', { name: 'Criar conta' });
  async function fillForm(password: string, confirmPassword = password) {
    await user.type(screen.getByLabelText('Nome'), sampleUser.name);
    await user.type(screen.getByLabelText('E-mail'), sampleUser.email);
    await user.type(screen.getByLabelText('Senha'), password);
    await user.type(screen.getByLabelText('Confirmar senha'), confirmPassword);
  }
  const acceptTerms = () => user.click(screen.getByRole('checkbox'));
  return { user, submit, fillForm, acceptTerms };
}

describe('RegisterForm', () => {
  it('updates the password checklist as the password is typed', async () => {
    const { user } = renderRegisterForm();
    expect(screen.getByText('Pelo menos 8 caracteres (0/8)')).toBeVisible();

    await user.type(screen.getByLabelText('Senha'), 'abc12');

    const length = screen.getByText('Pelo menos 8 caracteres (5/8)').closest('li')!;
    expect(length.dataset.met).toBe('false');
    expect(screen.getByText('Uma letra').closest('li')!.dataset.met).toBe('true');
    expect(screen.getByText('Um número').closest('li')!.dataset.met).toBe('true');

    await user.type(screen.getByLabelText('Senha'), 'xyz');
    expect(screen.getByText('Pelo menos 8 caracteres (8/8)').closest('li')!.dataset.met).toBe('true');
  });

  it('keeps submit disabled until the terms are accepted and the password has 8 characters', async () => {
    const { submit, fillForm, acceptTerms } = renderRegisterForm();
    await fillForm('short1');
    expect(submit).toHaveProperty('disabled', true);
    await acceptTerms();
    expect(submit).toHaveProperty('disabled', true);

    const { user } = { user: userEvent.setup() };
    await user.type(screen.getByLabelText('Senha'), '23');
    expect(submit).toHaveProperty('disabled', false);
  });

  it('shows the mismatch toast and sends nothing when the passwords differ', async () => {
    const calls = stubFetch(() => ({ status: 500 }));
    const { user, submit, fillForm, acceptTerms } = renderRegisterForm();
    await fillForm('segura123', 'segura124');
    await acceptTerms();
    await user.click(submit);

    expect(await screen.findByText('As senhas não coincidem')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it("toasts the server's field errors joined by commas and stores nothing", async () => {
    stubFetch(() => ({
      status: 400,
      body: errorAnswer({
        code: 'validation_failed',
        message: 'Verifique os campos informados.',
        errors: [
          { message: 'Domínio de e-mail não aceito.', field: 'email' },
          { message: 'Nome reservado.', field: 'name' },
        ],
      }),
    }));
    const { user, submit, fillForm, acceptTerms } = renderRegisterForm();
    await fillForm('segura123');
    await acceptTerms();
    await user.click(submit);

    expect(await screen.findByText('Domínio de e-mail não aceito., Nome reservado.')).toBeVisible();
    expect(screen.getByText('Erro ao criar conta')).toBeVisible();
    expect(readSession()).toBeNull();
  });

  it('stores the session and goes to /dashboard when the account is created', async () => {
    const calls = stubFetch(() => ({ status: 201, body: authAnswer('Conta criada com sucesso') }));
    const { user, submit, fillForm, acceptTerms } = renderRegisterForm();
    await fillForm('segura123');
    await acceptTerms();
    await user.click(submit);

    expect(await screen.findByText('landed on /dashboard')).toBeVisible();
    expect(calls[0]!.body).toEqual({
      name: sampleUser.name,
      email: sampleUser.email,
      password: 'segura123',
      confirmPassword: 'segura123',
    });
    expect(readSession()).toEqual({ token: 'token-abc', user: sampleUser });
    await waitFor(() => expect(screen.getByText('Conta criada com sucesso')).toBeVisible());
  });
});
