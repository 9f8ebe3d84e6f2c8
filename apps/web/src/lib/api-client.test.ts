import { describe, expect, it } from 'vitest';
import { errorAnswer, stubFetch } from '../test/render.tsx';
import { apiRequest, ApiError } from './api-client.ts';
import { i18n } from './i18n.ts';
import { shouldRetryQuery } from './query-client.ts';
import { saveSession } from './session.ts';
import { sampleUser } from '../test/render.tsx';

async function captureError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('apiRequest', () => {
  it('sends the bearer token, the interface language and a JSON body', async () => {
    saveSession('token-123', sampleUser);
    await i18n.changeLanguage('es');
    const calls = stubFetch(() => ({ status: 200, body: { message: 'ok' } }));

    await apiRequest('/api/user/profile', { method: 'PUT', body: { name: 'Ana' } });

    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.Authorization).toBe('Bearer token-123');
    expect(calls[0]!.headers['Accept-Language']).toBe('es');
    expect(calls[0]!.headers['Content-Type']).toBe('application/json');
    expect(calls[0]!.body).toEqual({ name: 'Ana' });
  });

  it('sends no Authorization header when no token is stored', async () => {
    const calls = stubFetch(() => ({ status: 200, body: {} }));
    await apiRequest('/api/subscription/plans');
    expect(calls[0]!.headers.Authorization).toBeUndefined();
    expect(calls[0]!.headers['Content-Type']).toBeUndefined();
  });

  it("throws the server's translated message, code and status on a non-OK answer", async () => {
    stubFetch(() => ({
      status: 409,
      body: errorAnswer({ code: 'email_taken', message: 'Já existe uma conta com este e-mail.' }),
    }));
    const error = await captureError(apiRequest('/api/auth/register', { method: 'POST', body: {} }));
    expect(error.status).toBe(409);
    expect(error.code).toBe('email_taken');
    expect(error.message).toBe('Já existe uma conta com este e-mail.');
  });

  it('joins the messages of errors[] with commas', async () => {
    stubFetch(() => ({
      status: 400,
      body: errorAnswer({
        code: 'validation_failed',
        message: 'Verifique os campos informados.',
        errors: [
          { message: 'Informe um e-mail válido.', field: 'email' },
          { message: 'A senha é obrigatória.', field: 'password' },
        ],
      }),
    }));
    const error = await captureError(apiRequest('/api/auth/login', { method: 'POST', body: {} }));
    expect(error.message).toBe('Informe um e-mail válido., A senha é obrigatória.');
  });

  it('falls back to the translated "HTTP error! status: N" when the body is not an error body', async () => {
    await i18n.changeLanguage('en');
    stubFetch(() => ({ status: 502, body: '<html>Bad gateway</html>' }));
    const error = await captureError(apiRequest('/api/user/profile'));
    expect(error.status).toBe(502);
    expect(error.message).toBe('HTTP error! status: 502');
  });

  it('turns a network failure into code "network" with the translated connection error', async () => {
    stubFetch(() => 'network-error');
    const error = await captureError(apiRequest('/api/user/profile'));
    expect(error.status).toBe(0);
    expect(error.code).toBe('network');
    expect(error.message).toBe('Erro de conexão. Tente novamente.');
  });

  it('rejects a success answer that does not match the contract schema', async () => {
    stubFetch(() => ({ status: 200, body: { unexpected: true } }));
    const schema = {
      safeParse: (value: unknown) =>
        'token' in (value as object) ? { success: true as const, data: value } : { success: false as const },
    };
    const error = await captureError(apiRequest('/api/auth/login', { schema }));
    expect(error.code).toBe('invalid_response');
  });
});

describe('shouldRetryQuery', () => {
  const failure = (status: number) => new ApiError({ status, code: 'x', message: 'x' });

  it('never retries 401 or 403', () => {
    expect(shouldRetryQuery(0, failure(401))).toBe(false);
    expect(shouldRetryQuery(0, failure(403))).toBe(false);
  });

  it('retries other failures up to 3 times', () => {
    expect(shouldRetryQuery(0, failure(500))).toBe(true);
    expect(shouldRetryQuery(2, failure(0))).toBe(true);
    expect(shouldRetryQuery(3, failure(500))).toBe(false);
  });
});
