import { z } from 'zod';

/**
 * Loose building blocks for vendor schemas: unknown fields are ignored (zod objects strip them), and a
 * missing, null or mistyped number becomes `undefined` so the mapper drops it: never turned into 0.
 */
export const looseNumber = z.number().finite().nullish().catch(undefined);

/** Numbers vendors send as decimal text (Binance prices, alternative.me values). */
export const numericText = z
  .union([z.string(), z.number()])
  .transform((value) =>
    typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value),
  )
  .pipe(z.number().finite());

export const looseString = z.string().nullish().catch(undefined);

/** An array whose invalid items are dropped instead of failing the whole answer. */
export const looseArray = <T extends z.ZodType>(item: T) =>
  z
    .array(item.nullable().catch(null))
    .transform((items) => items.filter((entry): entry is NonNullable<typeof entry> => entry !== null));

/** `null`/`undefined` to `undefined`, so optional domain fields stay absent. */
export const present = <T>(value: T | null | undefined): T | undefined =>
  value === null ? undefined : value;
