import { Lighthouse } from 'lucide-react';
import type { ReactNode } from 'react';

/** The centred card that frames the login and register forms. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <div className="w-full max-w-md rounded-xl border border-border bg-card p-6 shadow-xl shadow-black/30 sm:p-8">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <span className="inline-flex size-11 items-center justify-center rounded-full bg-primary/15 ring-1 ring-primary/30">
            <Lighthouse aria-hidden="true" className="size-6 text-primary" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">{subtitle}</p>
        </div>
        {children}
        <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div>
      </div>
    </div>
  );
}
