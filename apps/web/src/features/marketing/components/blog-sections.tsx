import { CalendarDays, Clock, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { formatLongDate } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { articleCount, blogCategories, type BlogArticle } from '../data/blog-articles.ts';

/** Category badges with their article counts. */
export function BlogCategories() {
  const { t } = useTranslation('blog');
  return (
    <section aria-labelledby="blog-categories-heading" className="flex flex-col gap-3">
      <h2 id="blog-categories-heading" className="text-sm font-medium text-muted-foreground">
        {t('categoriesTitle')}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {blogCategories.map((category) => (
          <li key={category}>
            <Badge className="gap-2 px-3 py-1 text-sm">
              {t(`categories.${category}`)}
              <span className="text-xs text-muted-foreground">
                {t('categoryCount', { count: articleCount(category) })}
              </span>
            </Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * One article card. The full texts are not published yet, so "read" opens a dialog that says so and
 * offers the AI chat on the same topic instead of a button that does nothing.
 */
export function BlogArticleCard({ article, featured = false }: { article: BlogArticle; featured?: boolean }) {
  const { t } = useTranslation('blog');
  const title = t(`articles.${article.id}.title`);
  return (
    <article className="flex h-full flex-col gap-3 rounded-xl border border-border bg-card p-5">
      <div className="flex items-center gap-2">
        <Badge variant="primary">{t(`categories.${article.category}`)}</Badge>
      </div>
      <h3 className={featured ? 'text-lg leading-snug font-semibold' : 'leading-snug font-semibold'}>
        {title}
      </h3>
      <p className="flex-1 text-sm leading-relaxed text-muted-foreground">
        {t(`articles.${article.id}.excerpt`)}
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <span>{t('by', { author: t('author') })}</span>
        <span className="inline-flex items-center gap-1">
          <CalendarDays aria-hidden="true" className="size-3.5" />
          <time dateTime={article.date}>{formatLongDate(`${article.date}T12:00:00Z`)}</time>
        </span>
        <span className="inline-flex items-center gap-1">
          <Clock aria-hidden="true" className="size-3.5" />
          {t('readTime', { count: article.readMinutes })}
        </span>
      </div>
      <Dialog>
        <DialogTrigger asChild>
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            aria-label={`${t('readArticle')}: ${title}`}
          >
            {t('readArticle')}
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{t(`articles.${article.id}.excerpt`)}</DialogDescription>
          </DialogHeader>
          <p className="rounded-md border border-border bg-muted/50 p-3 text-sm">
            <strong className="block pb-1">{t('comingSoonTitle')}</strong>
            {t('comingSoonBody')}
          </p>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="ghost">{t('close')}</Button>
            </DialogClose>
            <Button asChild>
              <Link to="/chat">{t('askChat')}</Link>
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </article>
  );
}

/** Newsletter band: the dialog explains honestly what there is today (alert e-mails) and what is next. */
export function NewsletterSignup() {
  const { t } = useTranslation('blog');
  const session = useSession();
  return (
    <section
      aria-labelledby="newsletter-heading"
      className="flex flex-col items-start gap-4 rounded-xl border border-primary/30 bg-primary/5 p-6 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <Mail aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
        <div className="flex flex-col gap-1">
          <h2 id="newsletter-heading" className="text-lg font-semibold">
            {t('newsletter.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('newsletter.body')}</p>
        </div>
      </div>
      <Dialog>
        <DialogTrigger asChild>
          <Button>{t('newsletter.button')}</Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('newsletter.dialogTitle')}</DialogTitle>
            <DialogDescription>{t('newsletter.dialogBody')}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="ghost">{t('close')}</Button>
            </DialogClose>
            <Button asChild>
              {session ? (
                <Link to="/settings">{t('newsletter.settings')}</Link>
              ) : (
                <Link to="/register">{t('newsletter.register')}</Link>
              )}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
