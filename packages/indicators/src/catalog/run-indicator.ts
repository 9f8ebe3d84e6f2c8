import type { IndicatorInputs, IndicatorParams, IndicatorResult, Series } from '../core/types.ts';
import type { IndicatorDefinition, ResolvedParams } from './types.ts';
import { catalog, findIndicator } from './catalog.ts';

/** Thrown for an unknown function, a bad parameter or missing/mismatched inputs; the message names the culprit. */
export class IndicatorError extends Error {
  override readonly name = 'IndicatorError';
}

function resolveDefinition(name: string): IndicatorDefinition {
  const definition = findIndicator(name);
  if (definition === undefined) {
    const near = catalog
      .filter((candidate) => candidate.name.startsWith(name.toUpperCase().slice(0, 3)))
      .map((candidate) => candidate.name);
    const hint = near.length > 0 ? ` Did you mean ${near.slice(0, 5).join(', ')}?` : '';
    throw new IndicatorError(`Unknown indicator "${name}".${hint}`);
  }
  return definition;
}

/** Applies TA-Lib's defaults and checks names, integer-ness and ranges of `params`. */
export function resolveParams(definition: IndicatorDefinition, params: IndicatorParams = {}): ResolvedParams {
  const known = new Set(definition.params.map((param) => param.name));
  const unknown = Object.keys(params).filter((key) => !known.has(key));
  if (unknown.length > 0) {
    const expected =
      definition.params.length > 0 ? definition.params.map((param) => param.name).join(', ') : 'none';
    throw new IndicatorError(
      `${definition.name}: unknown parameter ${unknown.join(', ')} (expected ${expected})`,
    );
  }
  const resolved: Record<string, number> = {};
  for (const param of definition.params) {
    const value = params[param.name] ?? param.defaultValue;
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new IndicatorError(
        `${definition.name}: ${param.name} must be a finite number, got ${String(value)}`,
      );
    }
    if (param.type !== 'real' && !Number.isInteger(value)) {
      throw new IndicatorError(`${definition.name}: ${param.name} must be an integer, got ${value}`);
    }
    if (value < param.min || value > param.max) {
      throw new IndicatorError(
        `${definition.name}: ${param.name} must be between ${param.min} and ${param.max}, got ${value}`,
      );
    }
    resolved[param.name] = value;
  }
  return resolved;
}

function resolveInputs(definition: IndicatorDefinition, inputs: IndicatorInputs): Series[] {
  const series = definition.inputs.map((input) => {
    const values = inputs[input.name as keyof IndicatorInputs] ?? inputs[input.field];
    if (values === undefined) {
      throw new IndicatorError(
        `${definition.name}: missing input "${input.field}"${input.name !== input.field ? ` (or "${input.name}")` : ''}`,
      );
    }
    return values;
  });
  const length = series[0]?.length ?? 0;
  if (series.some((values) => values.length !== length)) {
    throw new IndicatorError(
      `${definition.name}: inputs ${definition.inputs.map((input) => input.field).join(', ')} must have the same length`,
    );
  }
  return series;
}

/** TA-Lib-compatible abstract call: `runIndicator('MACD', {close}, {optInFastPeriod: 12})` → {outMACD, outMACDSignal, outMACDHist}. */
export function runIndicator(
  name: string,
  inputs: IndicatorInputs,
  params?: IndicatorParams,
): IndicatorResult {
  const definition = resolveDefinition(name);
  const resolved = resolveParams(definition, params);
  const series = resolveInputs(definition, inputs);
  const values = definition.compute(series, resolved);
  const result: IndicatorResult = {};
  definition.outputs.forEach((output, index) => {
    result[output.name] = values[index];
  });
  return result;
}

/** Lookback of `name` for `params` (defaults applied), as TA_XXX_Lookback would return. */
export function getLookback(name: string, params?: IndicatorParams): number {
  const definition = resolveDefinition(name);
  return definition.lookback(resolveParams(definition, params));
}
