import { Info, Timer } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { useChatHistoryQuery } from '../api/chat-api.ts';
import { useChatConversation, type PendingQuestion } from '../hooks/use-chat-conversation.ts';
import { ChatComposer } from './chat-composer.tsx';
import { AnswerBubble, ChatMessageItem, QuestionBubble } from './chat-message-item.tsx';
import { ChatProgressPanel } from './chat-progress-panel.tsx';
import { ChatWelcome } from './chat-welcome.tsx';
import { MarkdownContent } from './markdown-content.tsx';

export type ChatConversationProps = {
  /** False when the plan's conversations for today are used up (from /api/subscription/usage). */
  canChat: boolean;
  /** No key for the chosen provider: answers come from the built-in analyst; say how to get model answers. */
  showKeyHint: boolean;
  providerName: string;
};

/** History, the turn in progress (steps and streamed text) and the input. */
export function ChatConversation({ canChat, showKeyHint, providerName }: ChatConversationProps) {
  const { t } = useTranslation(['chatPage', 'common']);
  const history = useChatHistoryQuery();
  const conversation = useChatConversation();
  const { pending, steps, isPanelVisible, isRateLimited } = conversation;

  const messageCount = history.data?.length ?? 0;
  const scroller = useAnswerInView(history.isSuccess, messageCount, pending);

  const disabledReason = !canChat
    ? t('composer.limitReached')
    : isRateLimited
      ? t('composer.rateLimited')
      : undefined;
  const isEmpty = history.isSuccess && messageCount === 0 && !pending;

  return (
    <Card className="flex min-h-72 flex-1 flex-col overflow-hidden">
      {/* the one scrolling box of the screen: a focusable region, so the keyboard scrolls it too; relative, so
          the screen-reader-only labels (absolutely placed) stay inside it instead of lengthening the page */}
      <div
        ref={scroller}
        role="region"
        aria-label={t('common:appNav.conversation')}
        tabIndex={0}
        className="relative min-h-0 flex-1 overflow-y-auto p-3 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:p-4"
        aria-busy={pending !== null}
      >
        {history.isPending ? (
          <LoadingState label={t('historyLoading')} />
        ) : history.isError ? (
          <ErrorState
            title={t('errors.history')}
            description={history.error.message}
            onRetry={() => void history.refetch()}
            isRetrying={history.isFetching}
          />
        ) : isEmpty ? (
          <ChatWelcome
            onAsk={(question) => void conversation.sendQuestion(question)}
            isDisabled={disabledReason !== undefined}
          />
        ) : (
          <ol aria-label={t('messages')} className="flex flex-col gap-4">
            {history.data.map((message) => (
              <ChatMessageItem key={message.id} message={message} />
            ))}
            {pending ? <PendingTurn pending={pending} /> : null}
          </ol>
        )}
      </div>
      <div className="flex flex-col gap-2 border-t border-border bg-card/80 p-3 sm:p-4">
        {/* the finished steps stay on larger screens; a phone gives their height back to the answer */}
        {isPanelVisible ? (
          <div className={pending === null ? 'hidden sm:block' : undefined}>
            <ChatProgressPanel steps={steps} isWorking={pending !== null} />
          </div>
        ) : null}
        {isRateLimited ? <RateLimitNotice /> : null}
        {showKeyHint ? <KeyHint providerName={providerName} /> : null}
        <ChatComposer
          value={conversation.draft}
          onChange={conversation.setDraft}
          onSend={(text) => void conversation.sendQuestion(text)}
          isSending={pending !== null}
          disabledReason={disabledReason}
        />
        <p className="flex flex-wrap justify-between gap-x-4 text-[11px] text-muted-foreground">
          <span>{t('disclaimer')}</span>
          <span className="hidden sm:inline">{t('composer.keyboardHint')}</span>
        </p>
      </div>
    </Card>
  );
}

/**
 * Scrolls the newest answer's start to the top of the message list when it appears (the history loaded,
 * a streamed answer began, an answer was saved), so the trader reads it from its first line; the
 * question in progress is shown by scrolling to the bottom. Streamed text never drags the view along.
 * Returns the list's ref.
 */
function useAnswerInView(hasHistory: boolean, messageCount: number, pending: PendingQuestion | null) {
  const scroller = useRef<HTMLDivElement>(null);
  const isAsking = pending !== null;
  const isStreaming = Boolean(pending?.streamedText);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const list = element.querySelector('ol');
    // the welcome panel (no conversation yet) reads from its top
    if (!list) {
      element.scrollTop = 0;
      return;
    }
    const answers = list.querySelectorAll<HTMLElement>('[data-answer]');
    const latest = answers[answers.length - 1];
    const isAnswerLast = latest !== undefined && latest === list.lastElementChild;
    element.scrollTop = isAnswerLast
      ? element.scrollTop + latest.getBoundingClientRect().top - element.getBoundingClientRect().top - 12
      : element.scrollHeight;
  }, [hasHistory, messageCount, isAsking, isStreaming]);
  return scroller;
}

/** The question being answered and, once it starts arriving, the streamed answer. */
function PendingTurn({ pending }: { pending: PendingQuestion }) {
  return (
    <>
      <QuestionBubble text={pending.text} />
      {pending.streamedText ? (
        <AnswerBubble>
          <MarkdownContent text={pending.streamedText} />
        </AnswerBubble>
      ) : null}
    </>
  );
}

function RateLimitNotice() {
  const { t } = useTranslation('chatPage');
  return (
    <Alert variant="warning" title={t('rateLimit.title')}>
      <span className="inline-flex items-center gap-1">
        <Timer aria-hidden="true" className="size-3.5" />
        {t('rateLimit.description')}
      </span>
    </Alert>
  );
}

/** Answers come from the built-in analyst: how to get the provider's model answering instead. */
function KeyHint({ providerName }: { providerName: string }) {
  const { t } = useTranslation('chatPage');
  return (
    <p className="flex items-start gap-1.5 text-xs text-muted-foreground">
      <Info aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      <span>
        {t('keyHint', { provider: providerName })}{' '}
        <Link to="/settings" className="text-primary underline underline-offset-2">
          {t('keyHintLink')}
        </Link>
      </span>
    </p>
  );
}
