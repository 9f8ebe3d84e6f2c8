import type { IndicatorDefinition, IndicatorGroup, InputSpec, OutputSpec, ParamSpec } from './types.ts';
import type { PriceField } from '../core/types.ts';

// TA-Lib's own ranges (ta_abstract tables): periods up to 100000, real values up to 3e37.
const MAX_PERIOD = 100000;
const MAX_REAL = 3e37;

export function period(
  defaultValue: number,
  min = 2,
  name = 'optInTimePeriod',
  description = 'Number of bars',
): ParamSpec {
  return { name, type: 'integer', defaultValue, min, max: MAX_PERIOD, description };
}

export function real(
  name: string,
  defaultValue: number,
  min: number,
  max = MAX_REAL,
  description = '',
): ParamSpec {
  return { name, type: 'real', defaultValue, min, max, description };
}

export function maType(name = 'optInMAType', defaultValue = 0): ParamSpec {
  return {
    name,
    type: 'maType',
    defaultValue,
    min: 0,
    max: 8,
    description: 'MA type: 0=SMA 1=EMA 2=WMA 3=DEMA 4=TEMA 5=TRIMA 6=KAMA 7=MAMA 8=T3',
  };
}

export const inReal: readonly InputSpec[] = [{ name: 'inReal', field: 'close' }];

export function fields(...names: PriceField[]): InputSpec[] {
  return names.map((name) => ({ name, field: name }));
}

export function outReal(description = 'Value'): OutputSpec[] {
  return [{ name: 'outReal', type: 'real', description }];
}

export function outputs(...specs: Array<[string, string]>): OutputSpec[] {
  return specs.map(([name, description]) => ({ name, type: 'real', description }));
}

type DefinitionInput = Omit<IndicatorDefinition, 'defaultLookback' | 'isTaLib'> & { isTaLib?: boolean };

/** Builds a definition, computing the lookback for the defaults once. */
export function define(definition: DefinitionInput): IndicatorDefinition {
  const defaults = Object.fromEntries(definition.params.map((param) => [param.name, param.defaultValue]));
  return {
    ...definition,
    isTaLib: definition.isTaLib ?? true,
    defaultLookback: definition.lookback(defaults),
  };
}

export type { IndicatorGroup };
