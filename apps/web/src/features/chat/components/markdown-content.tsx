import { analysisSymbols } from '@farol/contract';
import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '../../../lib/cn.ts';

// Model output is untrusted: links open outside the app without handing it the opener.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

/**
 * Markdown -> HTML (GitHub flavour, single newlines kept) -> sanitised: no scripts, styles, handlers or
 * iframes, and none of the attributes that let model output dress up as the app: `style` and `class` (a
 * full-screen overlay from the page's own Tailwind classes), `id` and `name` (clobbering the page's
 * elements and globals), `data-*` (the app's own hooks, such as `data-coin-link` navigating inside it).
 */
export function renderMarkdown(text: string): string {
  const html = marked.parse(text, { async: false, gfm: true, breaks: true });
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'img'],
    FORBID_ATTR: ['style', 'class', 'id', 'name'],
    ALLOW_DATA_ATTR: false,
  });
}

// The analysed coins' symbols as whole upper-case words (BTC, not WBTC, btc or BTCUSDT).
const coinMention = new RegExp(`\\b(${analysisSymbols.join('|')})\\b`, 'g');
// Text inside these stays as written: code is quoted verbatim, and a link cannot hold another link.
const untouchedParents = new Set(['A', 'CODE', 'PRE']);

function isUntouched(node: Node): boolean {
  for (let parent = node.parentElement; parent; parent = parent.parentElement) {
    if (untouchedParents.has(parent.tagName)) return true;
  }
  return false;
}

/** Replaces one text node's coin mentions with links to the coin pages (same tab: they are Farol's own). */
function linkMentionsIn(text: Text) {
  const value = text.data;
  const parts = value.split(coinMention);
  if (parts.length === 1) return;
  const fragment = text.ownerDocument.createDocumentFragment();
  parts.forEach((part, index) => {
    if (index % 2 === 0) {
      if (part) fragment.append(part);
      return;
    }
    const link = text.ownerDocument.createElement('a');
    link.href = `/coins/${part.toLowerCase()}`;
    link.dataset.coinLink = '';
    link.textContent = part;
    fragment.append(link);
  });
  text.replaceWith(fragment);
}

/** Sanitised HTML with the analysed coins' mentions (outside code and links) turned into coin-page links. */
export function linkCoinMentions(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!isUntouched(node)) texts.push(node as Text);
  }
  texts.forEach(linkMentionsIn);
  return template.innerHTML;
}

const proseClassName = cn(
  'min-w-0 text-sm leading-relaxed break-words',
  '[&_p]:my-2 [&_p:first-child]:mt-0 [&_p:last-child]:mb-0',
  '[&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-5 [&_li]:my-0.5',
  '[&_h1]:mt-3 [&_h1]:mb-1 [&_h1]:text-base [&_h1]:font-semibold [&_h2]:mt-3 [&_h2]:mb-1 [&_h2]:text-base [&_h2]:font-semibold',
  '[&_h3]:mt-3 [&_h3]:mb-1 [&_h3]:font-semibold [&_strong]:font-semibold [&_strong]:text-foreground',
  '[&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-xs',
  '[&_pre]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_blockquote]:border-l-2 [&_blockquote]:border-border [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground',
  '[&_table]:my-2 [&_table]:block [&_table]:max-w-full [&_table]:overflow-x-auto [&_table]:text-xs',
  '[&_th]:border [&_th]:border-border [&_th]:px-2 [&_th]:py-1 [&_th]:text-left [&_td]:border [&_td]:border-border [&_td]:px-2 [&_td]:py-1',
  '[&_hr]:my-3 [&_hr]:border-border',
);

export function MarkdownContent({ text, className }: { text: string; className?: string }) {
  const navigate = useNavigate();
  const html = useMemo(() => linkCoinMentions(renderMarkdown(text)), [text]);
  // A coin link opens its page inside the app (a modified click keeps the browser's own behaviour).
  function openCoinLink(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as Element).closest?.('a[data-coin-link]');
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    void navigate(link.getAttribute('href')!);
  }
  // The HTML comes out of DOMPurify above (the coin links are added after, from a fixed list); nothing
  // unsanitised reaches the DOM.
  return (
    <div
      className={cn(proseClassName, className)}
      onClick={openCoinLink}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
