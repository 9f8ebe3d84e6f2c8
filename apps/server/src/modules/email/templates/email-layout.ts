/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The pieces a template is made of; the layout turns them into HTML and plain text alike. */
export type EmailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'facts'; rows: [label: string, value: string][] }
  | { kind: 'table'; head: string[]; rows: string[][] }
  // user-written text (contact form): kept verbatim, line breaks included
  | { kind: 'quote'; text: string };

export type EmailContent = {
  subject: string;
  greeting?: string;
  blocks: EmailBlock[];
  notice?: string;
  disclaimer?: string;
  signature: string;
  footer: string;
  /** Where the reader manages the e-mails they get (the e-mail settings page), under the footer. */
  footerLink?: { label: string; url: string };
};

export type RenderedEmail = { subject: string; html: string; text: string };

const colors = {
  page: '#0b0f14',
  card: '#121821',
  text: '#e6edf3',
  muted: '#8b98a5',
  accent: '#f5a524',
  border: '#243040',
};

function blockToHtml(block: EmailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(block.text)}</p>`;
    case 'button':
      return `<p style="margin:24px 0"><a href="${escapeHtml(block.url)}" style="background:${colors.accent};color:#111;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(block.label)}</a></p>`;
    case 'facts':
      return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${block.rows
        .map(
          ([label, value]) =>
            `<tr><td style="padding:4px 16px 4px 0;color:${colors.muted}">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'table':
      return `<table style="border-collapse:collapse;width:100%;margin:0 0 16px;font-size:14px"><thead><tr>${block.head
        .map(
          (cell) =>
            `<th align="left" style="padding:6px;border-bottom:1px solid ${colors.border};color:${colors.muted}">${escapeHtml(cell)}</th>`,
        )
        .join('')}</tr></thead><tbody>${block.rows
        .map(
          (row) =>
            `<tr>${row.map((cell) => `<td style="padding:6px;border-bottom:1px solid ${colors.border}">${escapeHtml(cell)}</td>`).join('')}</tr>`,
        )
        .join('')}</tbody></table>`;
    case 'quote':
      return `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:3px solid ${colors.accent};background:${colors.page};white-space:pre-wrap">${escapeHtml(block.text)}</blockquote>`;
  }
}

function blockToText(block: EmailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'button':
      return `${block.label}: ${block.url}`;
    case 'facts':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    case 'table':
      return block.rows
        .map((row) => `- ${row.map((cell, index) => `${block.head[index]}: ${cell}`).join(' | ')}`)
        .join('\n');
    case 'quote':
      return block.text
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n');
  }
}

/** One dark, single-column layout for every message, with a plain-text twin. */
export function renderLayout(content: EmailContent, language: string): RenderedEmail {
  const footerParts = [content.disclaimer, content.footer].filter((part): part is string => Boolean(part));
  const footerLink = content.footerLink
    ? `<p style="margin:0 0 8px"><a href="${escapeHtml(content.footerLink.url)}" style="color:${colors.muted}">${escapeHtml(content.footerLink.label)}</a></p>`
    : '';
  const footer =
    footerParts.map((part) => `<p style="margin:0 0 8px">${escapeHtml(part)}</p>`).join('') + footerLink;
  const sections = [
    content.notice
      ? `<p style="margin:0 0 16px;padding:8px 12px;border:1px dashed ${colors.accent};color:${colors.accent}">${escapeHtml(content.notice)}</p>`
      : '',
    content.greeting
      ? `<p style="margin:0 0 16px;font-size:18px;font-weight:600">${escapeHtml(content.greeting)}</p>`
      : '',
    ...content.blocks.map(blockToHtml),
    `<p style="margin:24px 0 0">${escapeHtml(content.signature)}</p>`,
  ].join('');
  const html = `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.subject)}</title></head><body style="margin:0;background:${colors.page};color:${colors.text};font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif"><table role="presentation" width="100%" style="border-collapse:collapse"><tr><td align="center" style="padding:24px 12px"><table role="presentation" width="100%" style="max-width:600px;border-collapse:collapse"><tr><td style="padding:0 0 16px;font-size:20px;font-weight:700;color:${colors.accent}">Farol</td></tr><tr><td style="background:${colors.card};border:1px solid ${colors.border};border-radius:8px;padding:24px">${sections}</td></tr><tr><td style="padding:16px 4px;font-size:12px;color:${colors.muted};line-height:1.5">${footer}</td></tr></table></td></tr></table></body></html>`;
  const text = [
    content.notice,
    content.greeting,
    ...content.blocks.map(blockToText),
    content.signature,
    ...(footerParts.length ? ['--', ...footerParts] : []),
    content.footerLink ? `${content.footerLink.label}: ${content.footerLink.url}` : undefined,
  ]
    .filter(Boolean)
    .join('\n\n');
  return { subject: content.subject, html, text: `${text}\n` };
}
