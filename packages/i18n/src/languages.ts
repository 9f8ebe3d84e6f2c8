// The language list on its own, so the web can read it without bundling every catalogue (resources.ts).
export const languages = ['pt-BR', 'en', 'es'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'pt-BR';
