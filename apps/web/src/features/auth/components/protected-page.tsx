import type { ReactNode } from 'react';
import { PageContainer } from '../../../components/ui/page-container.tsx';
import { cn } from '../../../lib/cn.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import type { Session } from '../../../lib/session.ts';
import { useRequireAuth } from '../hooks/use-require-auth.ts';

/**
 * A signed-in page: the session gate (nothing of the page mounts, so no call is made, while redirecting to
 * /login), the tab title, the standard container and the title/subtitle header with optional actions.
 */
export function ProtectedPage({
  title,
  subtitle,
  actions,
  className,
  children,
}: {
  title: string;
  subtitle: ReactNode;
  actions?: ReactNode;
  className?: string;
  children: (session: Session) => ReactNode;
}) {
  const session = useRequireAuth();
  useDocumentTitle(title);
  if (!session) return null;
  const heading = (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-1 text-sm text-muted-foreground">{subtitle}</p>
    </div>
  );
  return (
    <PageContainer className={cn('flex flex-col gap-6', className)}>
      {actions ? (
        <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          {heading}
          {actions}
        </header>
      ) : (
        <header>{heading}</header>
      )}
      {children(session)}
    </PageContainer>
  );
}
