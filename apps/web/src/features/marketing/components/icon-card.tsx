import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** The four-up grid of icon cards on the public pages. */
export function IconCardGrid({ children }: { children: ReactNode }) {
  return <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">{children}</ul>;
}

/**
 * One card of an IconCardGrid: icon (with an optional badge beside it), heading and body text, or other
 * content in place of the text. The heading level follows the page outline (h2 directly under the page title).
 */
export function IconCard({
  icon: Icon,
  title,
  body,
  badge,
  headingLevel = 'h3',
  children,
}: {
  icon: LucideIcon;
  title: string;
  body?: string;
  badge?: ReactNode;
  headingLevel?: 'h2' | 'h3';
  children?: ReactNode;
}) {
  const Heading = headingLevel;
  const icon = <Icon aria-hidden="true" className="size-6 text-primary" />;
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-border bg-card p-5">
      {badge ? (
        <div className="flex items-center justify-between gap-2">
          {icon}
          {badge}
        </div>
      ) : (
        icon
      )}
      <Heading className="font-semibold">{title}</Heading>
      {body ? <p className="text-sm leading-relaxed text-muted-foreground">{body}</p> : null}
      {children}
    </li>
  );
}
