// The language list on its own, so the web can read it without bundling every catalogue (resources.ts).
export const languages = ['pt-BR', 'en', 'es'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'pt-BR';

/**
 * Figures the copy states in every language (`{{indicators}}`, `{{coins}}`, `{{signalRules}}`,
 * `{{signalTimeframes}}`): filled in by default wherever a text is translated, on the server and in the
 * browser. Tests hold them equal to the indicator catalogue's size, the number of coins the market follows
 * and the signal engine's rules and timeframes (apps/server signals), so the copy cannot drift from the product.
 */
export const productFacts = { indicators: 153, coins: 500, signalRules: 6, signalTimeframes: 3 } as const;
