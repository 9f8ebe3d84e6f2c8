export const extraFunctions: import('./types.ts').IndicatorDefinition[] = [];
