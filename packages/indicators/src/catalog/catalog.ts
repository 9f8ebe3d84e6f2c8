import type { IndicatorDefinition } from './types.ts';
import { taLibFunctions } from './ta-lib-functions.ts';
import { patternFunctions } from './pattern-functions.ts';
import { extraFunctions } from './extra-functions.ts';

/** Every indicator of the engine, TA-Lib's first: the single description the UI, agents and docs read. */
export const catalog: readonly IndicatorDefinition[] = Object.freeze([
  ...taLibFunctions,
  ...patternFunctions,
  ...extraFunctions,
]);

const byName = new Map(catalog.map((definition) => [definition.name, definition]));

/** The catalogued definition of `name` (TA-Lib spelling, case-insensitive), or undefined. */
export function findIndicator(name: string): IndicatorDefinition | undefined {
  return byName.get(name.toUpperCase());
}
