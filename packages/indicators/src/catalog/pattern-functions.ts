export const patternFunctions: import('./types.ts').IndicatorDefinition[] = [];
