import { chatHistoryResponseSchema } from '@farol/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session.ts';
import { renderRoutes, sampleUser, stubFetch } from '../../../test/render.tsx';
import { ChatConversation } from './chat-conversation.tsx';

describe('ChatConversation ?q=', () => {
  it('starts the composer with the question of the link, unsent', async () => {
    saveSession('token-abc', sampleUser);
    const calls = stubFetch((url) =>
      url.startsWith('/api/chat/history')
        ? {
            status: 200,
            body: chatHistoryResponseSchema.parse({
              success: true,
              data: [],
              pagination: {
                currentPage: 1,
                totalPages: 1,
                totalItems: 0,
                hasPreviousPage: false,
                hasNextPage: false,
              },
            }),
          }
        : { status: 404 },
    );
    const question = 'Como está Bitcoin (BTC) agora?';
    renderRoutes(
      [
        {
          path: '/chat',
          element: <ChatConversation canChat showKeyHint={false} providerName="GPT-4o Mini" />,
        },
      ],
      `/chat?q=${encodeURIComponent(question)}`,
    );
    expect(await screen.findByRole('textbox')).toHaveValue(question);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
