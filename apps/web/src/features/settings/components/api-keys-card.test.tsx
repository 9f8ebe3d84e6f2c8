import {
  apiKeyStatusResponseSchema,
  deleteApiKeyResponseSchema,
  saveApiKeysResponseSchema,
  type ApiKeyStatus,
} from '@farol/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session.ts';
import { errorAnswer, renderRoutes, sampleUser, stubFetch, type StubAnswer } from '../../../test/render.tsx';
import { API_KEYS_URL } from '../api/settings-api.ts';
import { ApiKeysCard } from './api-keys-card.tsx';

const noKeys: ApiKeyStatus = { hasOpenaiApiKey: false, hasGeminiApiKey: false };

/** Overrides per call; `undefined` lets the default (successful) answer through. */
type Answers = { [call in 'status' | 'save' | 'remove']?: () => StubAnswer | undefined };

/** The card on /settings with the key API answering from the contract's schemas; `stored` is the server's state. */
function renderCard(stored: ApiKeyStatus, answers: Answers = {}) {
  saveSession('token-abc', sampleUser);
  let current = stored;
  const calls = stubFetch((url, method) => {
    if (url === API_KEYS_URL && method === 'GET') {
      return (
        answers.status?.() ?? {
          status: 200,
          body: apiKeyStatusResponseSchema.parse({ success: true, data: current }),
        }
      );
    }
    if (url === API_KEYS_URL && method === 'POST') {
      const { openaiUnreadable: _replaced, ...others } = current;
      current = { ...others, hasOpenaiApiKey: true };
      return (
        answers.save?.() ?? {
          status: 200,
          body: saveApiKeysResponseSchema.parse({
            success: true,
            message: 'Chaves de API atualizadas com sucesso',
            data: current,
          }),
        }
      );
    }
    if (url.startsWith(`${API_KEYS_URL}/`) && method === 'DELETE') {
      const provider = url.slice(API_KEYS_URL.length + 1);
      current = {
        ...current,
        ...(provider === 'openai' ? { hasOpenaiApiKey: false } : { hasGeminiApiKey: false }),
      };
      return (
        answers.remove?.() ?? {
          status: 200,
          body: deleteApiKeyResponseSchema.parse({ success: true, message: 'Chave de API removida' }),
        }
      );
    }
    return { status: 404 };
  });
  renderRoutes([{ path: '/settings', element: <ApiKeysCard /> }], '/settings');
  return calls;
}

const section = (providerName: string) =>
  screen.getByText(providerName, { selector: 'span' }).closest('div')!.parentElement!;

describe('ApiKeysCard', () => {
  it('shows each provider as configured or not, and offers removal only for a stored key', async () => {
    renderCard({ hasOpenaiApiKey: true, hasGeminiApiKey: false });
    await screen.findByLabelText('Chave da OpenAI');
    expect(within(section('OpenAI')).getByText('Configurada')).toBeVisible();
    expect(within(section('Google Gemini')).getByText('Não configurada')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Remover chave OpenAI' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Remover chave Gemini' })).toBeNull();
    // A stored key is never shown: the field is empty and says typing replaces it.
    expect((screen.getByLabelText('Chave da OpenAI') as HTMLInputElement).value).toBe('');
    expect(screen.getByLabelText('Chave da OpenAI').getAttribute('placeholder')).toBe(
      'Digite para substituir a chave salva',
    );
  });

  it('shows a stored key that can no longer be read as to be entered again, and as configured once it is', async () => {
    // toasts outlive a test in sonner's store: this one's message differs from the other tests' own
    renderCard(
      { hasOpenaiApiKey: true, hasGeminiApiKey: true, openaiUnreadable: true },
      {
        save: () => ({
          status: 200,
          body: saveApiKeysResponseSchema.parse({
            success: true,
            message: 'Chave da OpenAI salva de novo',
            data: { hasOpenaiApiKey: true, hasGeminiApiKey: true },
          }),
        }),
      },
    );
    const field = await screen.findByLabelText('Chave da OpenAI');
    expect(within(section('OpenAI')).getByText('Digite de novo')).toBeVisible();
    expect(within(section('OpenAI')).queryByText('Configurada')).toBeNull();
    expect(within(section('Google Gemini')).getByText('Configurada')).toBeVisible();
    // the field says why, and asks for the key itself rather than offering to replace it
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(field.getAttribute('aria-describedby')!)!.textContent).toBe(
      'A chave salva não pode mais ser lida. Digite-a de novo para o chat voltar a usá-la.',
    );
    expect(field.getAttribute('placeholder')).toBe('sk-...');
    // it can still be removed
    expect(screen.getByRole('button', { name: 'Remover chave OpenAI' })).toBeVisible();
    const user = userEvent.setup();
    await user.type(field, 'sk-again-1234');
    await user.click(screen.getByRole('button', { name: 'Salvar chaves' }));
    expect(await screen.findByText('Chave da OpenAI salva de novo')).toBeVisible();
    expect(within(section('OpenAI')).getByText('Configurada')).toBeVisible();
    expect(within(section('OpenAI')).queryByText('Digite de novo')).toBeNull();
  });

  it('needs at least one key: save stays disabled while both fields are empty or blank', async () => {
    const calls = renderCard(noKeys);
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Salvar chaves' });
    expect(save.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Chave do Gemini'), '   ');
    expect(save.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Chave do Gemini'), '{Enter}');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('saves only the filled key (trimmed, the empty one omitted), toasts, clears the field and shows it configured', async () => {
    const calls = renderCard(noKeys);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Chave da OpenAI'), '  sk-test-1234  ');
    await user.click(screen.getByRole('button', { name: 'Salvar chaves' }));
    expect(await screen.findByText('Chaves de API atualizadas com sucesso')).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ openaiApiKey: 'sk-test-1234' });
    expect(within(section('OpenAI')).getByText('Configurada')).toBeVisible();
    expect((screen.getByLabelText('Chave da OpenAI') as HTMLInputElement).value).toBe('');
  });

  it('keeps the typed key and toasts the server message when the provider rejects it', async () => {
    renderCard(noKeys, {
      save: () => ({
        status: 400,
        body: errorAnswer({ code: 'api_key_invalid', message: 'A OpenAI recusou esta chave.' }),
      }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Chave da OpenAI'), 'sk-wrong');
    await user.click(screen.getByRole('button', { name: 'Salvar chaves' }));
    expect(await screen.findByText('Erro ao atualizar as chaves de API')).toBeVisible();
    expect(screen.getByText('A OpenAI recusou esta chave.')).toBeVisible();
    expect((screen.getByLabelText('Chave da OpenAI') as HTMLInputElement).value).toBe('sk-wrong');
    expect(within(section('OpenAI')).getByText('Não configurada')).toBeVisible();
  });

  it('removes one provider key with DELETE and shows it as not configured, leaving the other', async () => {
    const calls = renderCard({ hasOpenaiApiKey: true, hasGeminiApiKey: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remover chave Gemini' }));
    expect(await screen.findByText('Chave de API removida')).toBeVisible();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      `${API_KEYS_URL}/gemini`,
    ]);
    await within(section('Google Gemini')).findByText('Não configurada');
    expect(within(section('OpenAI')).getByText('Configurada')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Remover chave Gemini' })).toBeNull();
  });

  it('shows the load error with a retry that reads the status again', async () => {
    let failing = true;
    renderCard(noKeys, {
      status: () =>
        failing
          ? {
              status: 503,
              body: errorAnswer({ code: 'service_unavailable', message: 'Serviço indisponível' }),
            }
          : undefined,
    });
    const user = userEvent.setup();
    // The card's own state (the one error handler also toasts the same title).
    expect(
      (await screen.findAllByText('Erro ao carregar as chaves de API', {}, { timeout: 10_000 })).length,
    ).toBeGreaterThan(0);
    failing = false;
    await user.click(screen.getByRole('button', { name: /Tentar/ }));
    expect(await screen.findByLabelText('Chave da OpenAI')).toBeVisible();
  });
});
