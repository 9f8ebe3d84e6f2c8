import { i18n } from './i18n.ts';

type Issue = { path: PropertyKey[]; message: string; code?: string };
type ParseResult = { success: true } | { success: false; error: { issues: Issue[] } };

/**
 * Turns a contract schema's failed parse into one translated message per field. Contract messages are
 * codes (`email_invalid`) with a text under `errors:validation.<code>`; zod's own issues fall back to the
 * generic text of their kind (`too_big`), given the field's visible label.
 */
export function translateFieldErrors(
  result: ParseResult,
  labels: Record<string, string>,
): Record<string, string> {
  if (result.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (messages[field]) continue;
    const ownKey = `errors:validation.${issue.message}`;
    messages[field] = i18n.exists(ownKey)
      ? i18n.t(ownKey)
      : i18n.t(
          `errors:validation.${i18n.exists(`errors:validation.${issue.code}`) ? issue.code : 'invalid'}`,
          {
            field: labels[field] ?? field,
          },
        );
  }
  return messages;
}
