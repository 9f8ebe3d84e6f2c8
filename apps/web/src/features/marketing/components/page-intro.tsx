import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Breadcrumb (Início › page), page heading, lead paragraph and optional actions. */
export function PageIntro({
  title,
  lead,
  actions,
  breadcrumb = true,
}: {
  title: string;
  lead: string;
  actions?: ReactNode;
  breadcrumb?: boolean;
}) {
  const { t } = useTranslation('marketing');
  return (
    <header className="flex flex-col gap-4">
      {breadcrumb ? (
        <nav aria-label={t('breadcrumb.label')}>
          <ol className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <li>
              <Link to="/" className="hover:text-foreground">
                {t('breadcrumb.home')}
              </Link>
            </li>
            <li aria-hidden="true">›</li>
            <li aria-current="page" className="text-foreground">
              {title}
            </li>
          </ol>
        </nav>
      ) : null}
      <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{title}</h1>
      <p className="max-w-3xl text-base leading-relaxed text-pretty text-muted-foreground sm:text-lg">
        {lead}
      </p>
      {actions ? <div className="flex flex-wrap gap-3 pt-1">{actions}</div> : null}
    </header>
  );
}

/** A titled block of a marketing page. */
export function PageSection({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  const headingId = `${id ?? title.replace(/\W+/g, '-').toLowerCase()}-heading`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-2xl font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Closing call to action band. */
export function CallToAction({
  title,
  body,
  children,
}: {
  title: string;
  body?: string;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col items-start gap-4 rounded-xl border border-primary/30 bg-primary/5 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
      <div className="flex flex-col gap-1.5">
        <h2 className="text-xl font-semibold tracking-tight">{title}</h2>
        {body ? <p className="text-sm text-muted-foreground">{body}</p> : null}
      </div>
      <div className="flex flex-wrap gap-3">{children}</div>
    </section>
  );
}
