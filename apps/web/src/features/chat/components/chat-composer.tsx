import { CHAT_MESSAGE_MAX_LENGTH } from '@farol/contract';
import { SendHorizontal } from 'lucide-react';
import { useId, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { inputClassName } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';

export type ChatComposerProps = {
  value: string;
  onChange: (value: string) => void;
  onSend: (value: string) => void;
  isSending: boolean;
  /** Why the input is closed (daily limit, rate-limit flag), shown as its placeholder; undefined when open. */
  disabledReason?: string;
};

/** Text input and send button: Enter sends, Shift+Enter breaks the line; empty text is never sent. */
export function ChatComposer({ value, onChange, onSend, isSending, disabledReason }: ChatComposerProps) {
  const { t } = useTranslation('chatPage');
  const id = useId();
  const reasonId = `${id}-reason`;
  const isClosed = isSending || disabledReason !== undefined;
  const canSend = !isClosed && value.trim().length > 0;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (canSend) onSend(value);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      {/* why the input is closed, visible and announced with both controls (a placeholder alone fades) */}
      {disabledReason ? (
        <p id={reasonId} className="w-full text-xs text-warning">
          {disabledReason}
        </p>
      ) : null}
      <label htmlFor={id} className="sr-only">
        {t('composer.label')}
      </label>
      <textarea
        id={id}
        rows={2}
        value={value}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        disabled={isClosed}
        aria-describedby={disabledReason ? reasonId : undefined}
        placeholder={disabledReason ?? (isSending ? t('composer.sending') : t('composer.placeholder'))}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={handleKeyDown}
        className={cn(inputClassName, 'h-auto min-h-12 flex-1 resize-none py-2.5 leading-snug')}
      />
      <Button
        type="submit"
        size="icon"
        className="h-12 w-12"
        disabled={!canSend}
        aria-describedby={disabledReason ? reasonId : undefined}
        aria-label={t('composer.send')}
      >
        <SendHorizontal aria-hidden="true" />
      </Button>
    </form>
  );
}
