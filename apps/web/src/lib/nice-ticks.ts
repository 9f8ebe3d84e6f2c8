/**
 * Round axis ticks covering [low, high]: steps of 1, 2, 2.5 or 5 times a power of ten, so a reader sees
 * 0 / 25 / 50 / 75 / 100 instead of 0 / 33.3 / 66.7. The first and last tick enclose the range.
 */
export function niceTicks(low: number, high: number, maxTicks = 5): number[] {
  if (!Number.isFinite(low) || !Number.isFinite(high)) return [];
  if (high < low) [low, high] = [high, low];
  if (high === low) {
    const pad = Math.abs(low) / 10 || 1;
    low -= pad;
    high += pad;
  }
  const rough = (high - low) / Math.max(1, maxTicks - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
  const first = Math.floor(low / step + 1e-9) * step;
  const last = Math.ceil(high / step - 1e-9) * step;
  const ticks: number[] = [];
  // rounding to the step's own precision: 0.1 + 0.2 must read 0.3, not 0.30000000000000004
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  for (let value = first; value <= last + step / 2; value += step) ticks.push(Number(value.toFixed(digits)));
  return ticks;
}
