import { chatHistoryResponseSchema, chatMessageSchema, type ChatMessage } from '@farol/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { readSession, saveSession } from '../../../lib/session.ts';
import { renderRoutes, sampleUser } from '../../../test/render.tsx';
import { network } from '../../../test/network.ts';
import { ChatConversation } from './chat-conversation.tsx';

const answer: ChatMessage = chatMessageSchema.parse({
  id: 'm-1',
  message: 'Como está o BTC?',
  response: '**BTC**: sinal de compra.\n\n<script>alert(1)</script>\n\n- RSI 58,2',
  createdAt: '2026-05-02T15:04:00.000Z',
  aiProvider: 'technical_analysis',
  metadata: {
    confidence: 72,
    riskLevel: 'medium',
    analysisUsed: ['technical_analyst', 'technical_analyst.get_indicator', 'risk_manager'],
  },
});
const emptyHistory = chatHistoryResponseSchema.parse({
  success: true,
  data: [],
  pagination: { currentPage: 1, totalPages: 1, totalItems: 0, hasPreviousPage: false, hasNextPage: false },
});

const sse = (events: [string, unknown][]) =>
  events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');

/** The network answering the history as JSON and /stream (or /message) as given. */
function stubChatServer(stream: () => Response, message?: () => Response) {
  const calls: string[] = [];
  network.use(
    http.all('*', ({ request }) => {
      const url = new URL(request.url).pathname;
      calls.push(`${request.method} ${url}`);
      if (url.startsWith('/api/chat/history')) return Response.json(emptyHistory);
      if (url === '/api/chat/stream') return stream();
      if (url === '/api/chat/message' && message) return message();
      return new Response(null, { status: 404 });
    }),
  );
  return calls;
}

function renderChat() {
  saveSession('token-abc', sampleUser);
  return renderRoutes(
    [{ path: '/chat', element: <ChatConversation canChat showKeyHint={false} providerName="GPT-4o Mini" /> }],
    '/chat',
  );
}

describe('ChatConversation', () => {
  it('shows the real steps, then the sanitised answer with its metadata', async () => {
    let sendRest: (() => void) | undefined;
    stubChatServer(() => {
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(
            encoder.encode(
              sse([
                ['step', { id: 'market_data', status: 'completed' }],
                ['step', { id: 'technical_analysis', status: 'processing' }],
              ]),
            ),
          );
          sendRest = () => {
            controller.enqueue(
              encoder.encode(
                sse([
                  ['delta', { text: '**BTC**: sinal' }],
                  ['done', { message: answer }],
                ]),
              ),
            );
            controller.close();
          };
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    });
    const user = userEvent.setup();
    renderChat();
    await user.click(await screen.findByRole('button', { name: 'Qual é o sinal técnico do ETH agora?' }));

    expect(await screen.findByText('Analisando dados de mercado...')).toBeVisible();
    expect(screen.getByText(/Dados de mercado/).textContent).toContain('concluída');
    expect(screen.getByText(/Análise técnica/).textContent).toContain('em andamento');
    expect((screen.getByLabelText('Sua pergunta') as HTMLTextAreaElement).disabled).toBe(true);

    sendRest!();
    expect(await screen.findByText('sinal de compra.', { exact: false })).toBeVisible();
    // bold as written, and a link to the coin's page
    expect(screen.getByRole('link', { name: 'BTC' }).closest('strong')).not.toBeNull();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByText('72%')).toBeVisible();
    expect(screen.getByText('Médio')).toBeVisible();
    expect(screen.getByText('Técnica')).toBeVisible();
    expect(screen.getByText('Gestão de risco')).toBeVisible();
    expect(screen.getAllByText(/Analista Farol \(offline\)/).length).toBeGreaterThan(0);
  });

  it('falls back to POST /message with simulated steps when the stream route is missing', async () => {
    const calls = stubChatServer(
      () => new Response(null, { status: 404 }),
      () => Response.json(answer, { status: 201 }),
    );
    const user = userEvent.setup();
    renderChat();
    await user.type(await screen.findByLabelText('Sua pergunta'), 'Como está o BTC?{Enter}');
    expect(await screen.findByText('sinal de compra.', { exact: false })).toBeVisible();
    expect(calls).toContain('POST /api/chat/message');
  });

  it('raises the rate-limit flag and keeps the question when the daily limit answers 429', async () => {
    stubChatServer(() =>
      Response.json(
        {
          code: 'chat_limit_reached',
          message:
            'Muitas requisições (too many requests): limite diário de conversas do seu plano atingido.',
        },
        { status: 429 },
      ),
    );
    const user = userEvent.setup();
    renderChat();
    await user.type(await screen.findByLabelText('Sua pergunta'), 'Como está o BTC?{Enter}');
    expect(await screen.findByText('Aguarde 10 segundos antes de enviar outra pergunta.')).toBeVisible();
    expect((screen.getByLabelText('Sua pergunta') as HTMLTextAreaElement).value).toBe('Como está o BTC?');
    expect(screen.getByRole('button', { name: 'Enviar' })).toHaveProperty('disabled', true);
  });

  it('shows why and keeps the question when the saved key can no longer be read (409)', async () => {
    const message = 'Sua chave OpenAI salva não pode mais ser lida; informe-a de novo nas configurações.';
    stubChatServer(() =>
      Response.json({ code: 'api_key_unreadable', message, provider: 'openai' }, { status: 409 }),
    );
    const user = userEvent.setup();
    renderChat();
    await user.type(await screen.findByLabelText('Sua pergunta'), 'Como está o BTC?{Enter}');
    expect(await screen.findByText(message)).toBeVisible();
    expect((screen.getByLabelText('Sua pergunta') as HTMLTextAreaElement).value).toBe('Como está o BTC?');
    expect(readSession()).not.toBeNull();
  });

  it('clears the session when the server says the token expired', async () => {
    stubChatServer(() =>
      Response.json({ code: 'session_expired', message: 'Sessão expirada.' }, { status: 401 }),
    );
    const user = userEvent.setup();
    renderChat();
    await user.type(await screen.findByLabelText('Sua pergunta'), 'Oi{Enter}');
    await waitFor(() => expect(readSession()).toBeNull());
  });

  it('never sends a whitespace-only message', async () => {
    const calls = stubChatServer(() => new Response(null, { status: 500 }));
    const user = userEvent.setup();
    renderChat();
    await user.type(await screen.findByLabelText('Sua pergunta'), '   {Enter}');
    expect(screen.getByRole('button', { name: 'Enviar' })).toHaveProperty('disabled', true);
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });
});
