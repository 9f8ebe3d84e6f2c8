import { ChevronDown } from 'lucide-react';
import { useId, type ReactNode, type Ref } from 'react';
import { cn } from '../../../lib/cn.ts';

/** An answer is text, or an element that brings its own figures (loaded when wanted). */
export type FaqItem = { id: string; question: string; answer: ReactNode };

/**
 * Questions as a disclosure accordion on native <details>/<summary>: keyboard (Enter/Space), screen
 * readers (expanded state) and find-in-page work without JavaScript, and it ships no code.
 */
export function FaqList({
  title,
  items,
  className,
  ref,
}: {
  title: string;
  items: FaqItem[];
  className?: string;
  ref?: Ref<HTMLElement>;
}) {
  const headingId = useId();
  return (
    <section ref={ref} aria-labelledby={headingId} className={cn('flex flex-col gap-4', className)}>
      <h2 id={headingId} className="text-2xl font-semibold tracking-tight">
        {title}
      </h2>
      <div className="divide-y divide-border rounded-lg border border-border bg-card">
        {items.map((item) => (
          <details key={item.id} className="group" data-faq={item.id}>
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-4 py-3.5 text-left font-medium hover:bg-muted/50 focus-visible:rounded-md [&::-webkit-details-marker]:hidden">
              <span>{item.question}</span>
              <ChevronDown
                aria-hidden="true"
                className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
              />
            </summary>
            <div className="px-4 pb-4 text-sm leading-relaxed text-muted-foreground">
              {typeof item.answer === 'string' ? <p>{item.answer}</p> : item.answer}
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}
