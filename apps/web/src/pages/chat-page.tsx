import { useTranslation } from 'react-i18next';
import { PageContainer } from '../components/ui/page-container.tsx';
import { useRequireAuth } from '../features/auth/hooks/use-require-auth.ts';
import { useChatHistoryQuery } from '../features/chat/api/chat-api.ts';
import { ChatConversation } from '../features/chat/components/chat-conversation.tsx';
import { ChatHeader } from '../features/chat/components/chat-header.tsx';
import { useUsageQuery } from '../features/subscription/api/subscription-api.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function ChatPage() {
  const { t } = useTranslation('chatPage');
  const session = useRequireAuth();
  useDocumentTitle(t('title'));
  if (!session) return null;
  return <ChatScreen preferredProvider={session.user.preferences.aiProvider} />;
}

function ChatScreen({ preferredProvider }: { preferredProvider: 'openai' | 'gemini' }) {
  const { t } = useTranslation('chatPage');
  const usage = useUsageQuery();
  const history = useChatHistoryQuery();
  const ai = usage.data?.ai;
  return (
    // fills the height SiteLayout leaves between the top bar and the phones' tab bar; only the messages scroll
    <PageContainer className="flex min-h-0 max-w-5xl flex-1 flex-col gap-3 py-3 sm:gap-4 sm:py-4">
      <ChatHeader ai={ai} hasHistory={(history.data?.length ?? 0) > 0} />
      <ChatConversation
        // Unknown usage (still loading or failed) does not block: the server enforces the limit anyway.
        canChat={usage.data?.canChat ?? true}
        // the built-in analyst answers: a key of one's own would bring the model
        showKeyHint={ai?.answeredBy === 'built_in'}
        providerName={t(`providers.${preferredProvider}`)}
      />
    </PageContainer>
  );
}
