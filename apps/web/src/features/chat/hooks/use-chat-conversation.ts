import {
  CHAT_MESSAGE_MAX_LENGTH,
  type ChatMessage,
  type ChatStep,
  type ChatStreamEvent,
} from '@farol/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, isApiError } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n.ts';
import { notifyError } from '../../../lib/query-client.ts';
import { addToHistory, refreshAfterFailedQuestion, sendChatMessage } from '../api/chat-api.ts';
import { StreamUnavailableError, streamChatMessage } from '../api/chat-stream.ts';
import {
  applyStepEvent,
  completeAllSteps,
  initialSteps,
  runSimulatedSteps,
  type StepsState,
} from './chat-steps.ts';

/** The rate-limit flag lasts 10 s; the progress panel hides 1 s after loading ends. */
export const RATE_LIMIT_FLAG_MS = 10_000;
export const PANEL_HIDE_DELAY_MS = 1000;

// The server's daily-limit message carries this phrase in every language.
const TOO_MANY_REQUESTS = /too many requests/i;
const RATE_LIMIT_CODES = new Set(['chat_limit_reached', 'too_many_requests']);

export type PendingQuestion = { text: string; streamedText: string; mode: 'stream' | 'simulated' };

function isRateLimited(error: unknown): boolean {
  return isApiError(error) && (RATE_LIMIT_CODES.has(error.code) || TOO_MANY_REQUESTS.test(error.message));
}

type StreamHandlers = {
  onStep: (step: ChatStep, status: 'processing' | 'completed') => void;
  onDelta: (text: string) => void;
};

/** Reads one answer from POST /api/chat/stream: steps and text go to the handlers, an error event is thrown. */
async function streamAnswer(
  text: string,
  signal: AbortSignal,
  handlers: StreamHandlers,
): Promise<ChatMessage> {
  let answer: ChatMessage | undefined;
  let failure: ApiError | undefined;
  await streamChatMessage(
    text,
    (event: ChatStreamEvent) => {
      if (event.event === 'step') handlers.onStep(event.data.id, event.data.status);
      else if (event.event === 'delta') handlers.onDelta(event.data.text);
      else if (event.event === 'done') answer = event.data.message;
      else
        failure = new ApiError({
          status: 200,
          code: event.data.code,
          message: event.data.message,
          hadToken: true,
        });
    },
    signal,
  );
  if (failure) throw failure;
  if (!answer)
    throw new ApiError({
      status: 200,
      code: 'stream_incomplete',
      message: i18n.t('chatPage:errors.incomplete'),
    });
  return answer;
}

/** A flag that, once raised, lowers itself after RATE_LIMIT_FLAG_MS (raising again restarts the wait). */
function useRateLimitFlag() {
  const [isRaised, setIsRaised] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const raise = useCallback(() => {
    setIsRaised(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setIsRaised(false), RATE_LIMIT_FLAG_MS);
  }, []);

  return [isRaised, raise] as const;
}

/**
 * One conversation turn at a time: sends through POST /api/chat/stream (real steps and streamed text) and
 * falls back to POST /api/chat/message with the simulated steps when the stream cannot start.
 */
export function useChatConversation() {
  const queryClient = useQueryClient();
  // `?q=` (a coin page's "ask the chat") starts the composer with that question, unsent
  const [searchParams] = useSearchParams();
  const [draft, setDraft] = useState(() => searchParams.get('q')?.slice(0, CHAT_MESSAGE_MAX_LENGTH) ?? '');
  const [pending, setPending] = useState<PendingQuestion | null>(null);
  const [steps, setSteps] = useState<StepsState>(initialSteps);
  const [isPanelVisible, setIsPanelVisible] = useState(false);
  const [isRateLimitedFlag, raiseRateLimitFlag] = useRateLimitFlag();
  const panelTimer = useRef<number | undefined>(undefined);
  const activeRequest = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      activeRequest.current?.abort();
      window.clearTimeout(panelTimer.current);
    },
    [],
  );

  const askWithStream = useCallback(
    (text: string, signal: AbortSignal): Promise<ChatMessage> =>
      streamAnswer(text, signal, {
        onStep: (step, status) => setSteps((current) => applyStepEvent(current, step, status)),
        onDelta: (delta) =>
          setPending((current) =>
            current ? { ...current, streamedText: current.streamedText + delta } : current,
          ),
      }),
    [],
  );

  const askWithoutStream = useCallback(async (text: string, signal: AbortSignal): Promise<ChatMessage> => {
    setPending((current) => (current ? { ...current, mode: 'simulated' } : current));
    setSteps(initialSteps());
    const simulation = new AbortController();
    void runSimulatedSteps(setSteps, simulation.signal);
    try {
      return await sendChatMessage(text, signal);
    } finally {
      simulation.abort();
    }
  }, []);

  const sendQuestion = useCallback(
    async (rawText: string) => {
      const text = rawText.trim();
      // Nothing empty, nothing while a request is pending (or while rate limited).
      if (!text || activeRequest.current || isRateLimitedFlag) return;
      const controller = new AbortController();
      activeRequest.current = controller;
      window.clearTimeout(panelTimer.current);
      setDraft('');
      setSteps(initialSteps());
      setPending({ text, streamedText: '', mode: 'stream' });
      setIsPanelVisible(true);
      try {
        let answer: ChatMessage;
        try {
          answer = await askWithStream(text, controller.signal);
        } catch (error) {
          if (!(error instanceof StreamUnavailableError)) throw error;
          answer = await askWithoutStream(text, controller.signal);
        }
        setSteps(completeAllSteps());
        addToHistory(queryClient, answer);
        if (TOO_MANY_REQUESTS.test(answer.response)) raiseRateLimitFlag();
      } catch (error) {
        refreshAfterFailedQuestion(queryClient);
        if (controller.signal.aborted) return;
        // The question is given back so it can be sent again.
        setDraft((current) => current || text);
        if (isRateLimited(error)) raiseRateLimitFlag();
        notifyError(error, { errorTitle: 'chatPage:errors.send' });
      } finally {
        if (activeRequest.current === controller) activeRequest.current = null;
        setPending(null);
        panelTimer.current = window.setTimeout(() => setIsPanelVisible(false), PANEL_HIDE_DELAY_MS);
      }
    },
    [askWithStream, askWithoutStream, isRateLimitedFlag, queryClient, raiseRateLimitFlag],
  );

  return { draft, setDraft, pending, steps, isPanelVisible, isRateLimited: isRateLimitedFlag, sendQuestion };
}
