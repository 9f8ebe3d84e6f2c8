import { z } from 'zod';

import { languages } from '@farol/i18n/languages';

export { languages };
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;

export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.array(z.object({ message: z.string(), field: z.string().optional() })).optional(),
});

/** `{ success, data }` envelope used by the market-data, subscription and alerts calls. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

// C0 controls but tab, line feed and carriage return; DEL and the C1 controls. Matching control characters is
// this pattern's whole purpose.
// oxlint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const lineBreaksAndTabs = /[\t\n\r]/;
// A high surrogate not followed by a low one, or a low one not preceded by a high one: not text at all.
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True for text a person could have typed on one line (outer white space, which fields trim, aside). */
export const isSingleLineText = (value: string) => {
  const inner = value.trim();
  return !controlCharacters.test(inner) && !lineBreaksAndTabs.test(inner) && !loneSurrogate.test(inner);
};

/** True for text of several lines: tabs and line breaks allowed, other control characters not. */
export const isMultiLineText = (value: string) =>
  !controlCharacters.test(value) && !loneSurrogate.test(value);

/**
 * Every free-text field of a request: refuses NUL (PostgreSQL cannot store it), lone surrogates and other
 * control characters with a translated per-field error, before any rule of the field runs.
 */
export const text = () => z.string().refine(isSingleLineText, 'text_invalid_characters');
/** A free-text field of several lines (a chat message, a contact message). */
export const multiLineText = () => z.string().refine(isMultiLineText, 'text_invalid_characters');

/** A positive integer taken from a query string ("2" -> 2). */
export const queryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** Page position of a paged list (coin prices, chat history, admin users). */
export const paginationSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalItems: z.number().int(),
  hasPreviousPage: z.boolean(),
  hasNextPage: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/**
 * A coin's market symbol as candles and signals go by it (BTC, MATIC, DOGE): upper case, letters and digits.
 * The ten of `analysisSymbols` are the quick choices; any followed coin with a Binance USDT pair has one.
 */
export const marketSymbolSchema = z.string().regex(/^[A-Z0-9]{1,20}$/);
/** A `{symbol}` or `?symbol=` as typed: trimmed and upper-cased, then checked like `marketSymbolSchema`. */
export const marketSymbolInput = () =>
  z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(marketSymbolSchema);
