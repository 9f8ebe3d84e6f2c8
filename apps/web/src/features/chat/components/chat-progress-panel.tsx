import { chatSteps } from '@farol/contract';
import { CircleCheck, CircleDashed, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';
import type { StepsState } from '../hooks/chat-steps.ts';

/** The agents' progress while an answer is made: real steps from the stream, or the simulated ones as fallback. */
export function ChatProgressPanel({ steps, isWorking }: { steps: StepsState; isWorking: boolean }) {
  const { t } = useTranslation('chatPage');
  return (
    <section aria-label={t('progress.title')} className="rounded-lg border border-border bg-muted/40 p-3">
      <p className="mb-2 flex items-center gap-2 text-sm font-medium" aria-live="polite">
        {isWorking ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-primary" /> : null}
        {isWorking ? t('progress.analyzing') : t('progress.done')}
      </p>
      <ol className="grid gap-1.5 sm:grid-cols-5 sm:gap-2">
        {chatSteps.map((step) => {
          const { status, progress } = steps[step];
          const Icon =
            status === 'completed' ? CircleCheck : status === 'processing' ? LoaderCircle : CircleDashed;
          return (
            <li
              key={step}
              className="flex flex-col gap-1"
              aria-current={status === 'processing' ? 'step' : undefined}
            >
              <span
                className={cn(
                  'flex items-center gap-1.5 text-xs',
                  status === 'pending' ? 'text-muted-foreground' : 'text-foreground',
                )}
              >
                <Icon
                  aria-hidden="true"
                  className={cn(
                    'size-3.5 shrink-0',
                    status === 'completed' && 'text-success',
                    status === 'processing' && 'animate-spin text-primary',
                  )}
                />
                {t(`steps.${step}`)}
                <span className="sr-only">: {t(`stepStatus.${status}`)}</span>
              </span>
              <span className="h-1 overflow-hidden rounded-full bg-border" aria-hidden="true">
                <span
                  className={cn(
                    'block h-full rounded-full transition-[width] duration-100',
                    status === 'completed' ? 'bg-success' : 'bg-primary',
                    status === 'processing' && progress === 0 && 'w-1/3 animate-pulse',
                  )}
                  style={status === 'processing' && progress === 0 ? undefined : { width: `${progress}%` }}
                />
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
