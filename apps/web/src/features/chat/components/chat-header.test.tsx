import type { AiUsage } from '@farol/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { ChatHeader } from './chat-header.tsx';

const renderHeader = (ai: AiUsage | undefined) =>
  renderRoutes([{ path: '/chat', element: <ChatHeader ai={ai} hasHistory={false} /> }], '/chat');

describe('ChatHeader', () => {
  it("names the user's own key", () => {
    renderHeader({ answeredBy: 'own_key', provider: 'gemini', included: null });
    expect(screen.getByTestId('chat-provider')).toHaveTextContent('Gemini 2.5 Flash');
    expect(screen.getByText('(sua chave)')).toBeVisible();
  });

  it("says the plan's AI answers and how many of today's answers are left", () => {
    renderHeader({
      answeredBy: 'included',
      provider: 'openai',
      included: { provider: 'openai', limit: 5, usedToday: 2 },
    });
    expect(screen.getByTestId('chat-provider')).toHaveTextContent('GPT-4o Mini');
    expect(screen.getByText('(IA incluída no plano)')).toBeVisible();
    expect(screen.getByTestId('chat-included-left')).toHaveTextContent(
      '3 de 5 respostas incluídas restantes hoje',
    );
  });

  it('says the built-in analyst answers once the included answers of today are used up', () => {
    renderHeader({
      answeredBy: 'built_in',
      provider: null,
      included: { provider: 'openai', limit: 5, usedToday: 5 },
    });
    expect(screen.getByTestId('chat-provider')).toHaveTextContent('Analista Farol (offline)');
    expect(screen.getByTestId('chat-included-left')).toHaveTextContent(
      'respostas incluídas de hoje esgotadas',
    );
  });

  it('shows a placeholder while it is not known yet', () => {
    renderHeader(undefined);
    expect(screen.queryByTestId('chat-provider')).toBeNull();
    expect(screen.getByText('…')).toBeVisible();
  });
});
