import type { ChatMessage, ChatStreamEvent } from '@farol/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, isApiError } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n.ts';
import { notifyError } from '../../../lib/query-client.ts';
import { addToHistory, sendChatMessage } from '../api/chat-api.ts';
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

/**
 * One conversation turn at a time: sends through POST /api/chat/stream (real steps and streamed text) and
 * falls back to POST /api/chat/message with the simulated steps when the stream cannot start.
 */
export function useChatConversation() {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState<PendingQuestion | null>(null);
  const [steps, setSteps] = useState<StepsState>(initialSteps);
  const [isPanelVisible, setIsPanelVisible] = useState(false);
  const [isRateLimitedFlag, setIsRateLimitedFlag] = useState(false);
  const timers = useRef<{ panel?: number; rateLimit?: number }>({});
  const activeRequest = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      activeRequest.current?.abort();
      window.clearTimeout(timers.current.panel);
      window.clearTimeout(timers.current.rateLimit);
    },
    [],
  );

  const raiseRateLimitFlag = useCallback(() => {
    setIsRateLimitedFlag(true);
    window.clearTimeout(timers.current.rateLimit);
    timers.current.rateLimit = window.setTimeout(() => setIsRateLimitedFlag(false), RATE_LIMIT_FLAG_MS);
  }, []);

  const askWithStream = useCallback(async (text: string, signal: AbortSignal): Promise<ChatMessage> => {
    let answer: ChatMessage | undefined;
    let failure: ApiError | undefined;
    await streamChatMessage(
      text,
      (event: ChatStreamEvent) => {
        if (event.event === 'step')
          setSteps((current) => applyStepEvent(current, event.data.id, event.data.status));
        else if (event.event === 'delta') {
          setPending((current) =>
            current ? { ...current, streamedText: current.streamedText + event.data.text } : current,
          );
        } else if (event.event === 'done') answer = event.data.message;
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
  }, []);

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
      window.clearTimeout(timers.current.panel);
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
        if (controller.signal.aborted) return;
        // The question is given back so it can be sent again.
        setDraft((current) => current || text);
        if (isRateLimited(error)) raiseRateLimitFlag();
        notifyError(error, { errorTitle: 'chatPage:errors.send' });
      } finally {
        if (activeRequest.current === controller) activeRequest.current = null;
        setPending(null);
        timers.current.panel = window.setTimeout(() => setIsPanelVisible(false), PANEL_HIDE_DELAY_MS);
      }
    },
    [askWithStream, askWithoutStream, isRateLimitedFlag, queryClient, raiseRateLimitFlag],
  );

  return { draft, setDraft, pending, steps, isPanelVisible, isRateLimited: isRateLimitedFlag, sendQuestion };
}
