// The language list on its own, so the web can read it without bundling every catalogue (resources.ts).
export const languages = ['pt-BR', 'en', 'es'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'pt-BR';

/**
 * Figures the copy states in every language (`{{indicators}}`, `{{coins}}`): filled in by default wherever a
 * text is translated, on the server and in the browser. Tests hold them equal to the indicator catalogue's
 * size and the number of coins the market follows, so the copy cannot drift from the product.
 */
export const productFacts = { indicators: 153, coins: 500 } as const;
