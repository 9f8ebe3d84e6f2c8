import type { ChatAiProvider, ChatMessage, ChatRiskLevel } from '@farol/contract';
import { Bot, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatDateTime, formatWholePercent } from '../../../lib/format.ts';
import { MarkdownContent } from './markdown-content.tsx';

const riskVariant = { low: 'success', medium: 'warning', high: 'danger' } as const satisfies Record<
  ChatRiskLevel,
  string
>;

/** "technical_analyst.get_indicator" -> the agent, once each: the tools are detail the trader does not need here. */
function agentsUsed(analysisUsed: string[]): string[] {
  return [...new Set(analysisUsed.map((entry) => entry.split('.')[0]!).filter(Boolean))];
}

export function QuestionBubble({ text, createdAt }: { text: string; createdAt?: string }) {
  const { t } = useTranslation('chatPage');
  return (
    <li className="flex justify-end gap-2">
      <div className="max-w-[85%] rounded-lg rounded-tr-sm bg-primary/15 px-3 py-2 text-sm whitespace-pre-wrap ring-1 ring-primary/30">
        <span className="sr-only">{t('you')}: </span>
        {text}
        {createdAt ? (
          <time dateTime={createdAt} className="mt-1 block text-right text-[11px] text-muted-foreground">
            {formatDateTime(createdAt)}
          </time>
        ) : null}
      </div>
      <UserRound aria-hidden="true" className="mt-1 size-5 shrink-0 text-muted-foreground" />
    </li>
  );
}

export function AnswerBubble({ children, provider }: { children: ReactNode; provider?: ChatAiProvider }) {
  const { t } = useTranslation('chatPage');
  return (
    // data-answer: the conversation scrolls each new answer's start into view
    <li data-answer className="flex scroll-mt-3 gap-2">
      <Bot aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
      <div className="max-w-[92%] min-w-0 rounded-lg rounded-tl-sm border border-border bg-card px-3 py-2">
        <span className="sr-only">{provider ? t(`providers.${provider}`) : t('assistant')}: </span>
        {children}
      </div>
    </li>
  );
}

/** Metadata under each reply: confidence, risk, analyses used, who answered and when. */
function AnswerMetadata({ message }: { message: ChatMessage }) {
  const { t } = useTranslation('chatPage');
  const { confidence, riskLevel, analysisUsed } = message.metadata;
  return (
    <dl className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-border pt-2 text-xs text-muted-foreground">
      <div className="flex items-center gap-1">
        <dt>{t('metadata.confidence')}</dt>
        <dd className="font-medium text-foreground tabular-nums">{formatWholePercent(confidence)}</dd>
      </div>
      <div className="flex items-center gap-1">
        <dt>{t('metadata.risk')}</dt>
        <dd>
          <Badge variant={riskVariant[riskLevel]}>{t(`risk.${riskLevel}`)}</Badge>
        </dd>
      </div>
      {analysisUsed.length > 0 ? (
        <div className="flex flex-wrap items-center gap-1">
          <dt>{t('metadata.analysisUsed')}</dt>
          {agentsUsed(analysisUsed).map((agent) => (
            <dd key={agent}>
              <Badge>{t(`agents.${agent}`, { defaultValue: agent })}</Badge>
            </dd>
          ))}
        </div>
      ) : null}
      <div className="flex items-center gap-1 sm:ml-auto">
        <dt className="sr-only">{t('metadata.answeredBy')}</dt>
        <dd>
          {t(`providers.${message.aiProvider}`)} ·{' '}
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        </dd>
      </div>
    </dl>
  );
}

export function ChatMessageItem({ message }: { message: ChatMessage }) {
  return (
    <>
      <QuestionBubble text={message.message} createdAt={message.createdAt} />
      <AnswerBubble provider={message.aiProvider}>
        <MarkdownContent text={message.response} />
        <AnswerMetadata message={message} />
      </AnswerBubble>
    </>
  );
}
