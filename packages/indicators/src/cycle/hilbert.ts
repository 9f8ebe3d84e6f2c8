// Ehlers' Hilbert transform discriminator as TA-Lib codes it (ta_MAMA.c, ta_HT_*.c): a 4-bar WMA smoother,
// odd/even circular buffers, then the homodyne period estimate. Shared by MAMA and the HT_* functions.

const A = 0.0962;
const B = 0.5769;
const RAD_TO_DEG = 180 / (4 * Math.atan(1));

type HilbertFilter = {
  odd: Float64Array;
  even: Float64Array;
  prevOdd: number;
  prevEven: number;
  prevInputOdd: number;
  prevInputEven: number;
};

function createFilter(): HilbertFilter {
  return {
    odd: new Float64Array(3),
    even: new Float64Array(3),
    prevOdd: 0,
    prevEven: 0,
    prevInputOdd: 0,
    prevInputEven: 0,
  };
}

function filterEven(f: HilbertFilter, input: number, index: number, adjustedPrevPeriod: number): number {
  const temp = A * input;
  let value = -f.even[index];
  f.even[index] = temp;
  value += temp;
  value -= f.prevEven;
  f.prevEven = B * f.prevInputEven;
  value += f.prevEven;
  f.prevInputEven = input;
  return value * adjustedPrevPeriod;
}

function filterOdd(f: HilbertFilter, input: number, index: number, adjustedPrevPeriod: number): number {
  const temp = A * input;
  let value = -f.odd[index];
  f.odd[index] = temp;
  value += temp;
  value -= f.prevOdd;
  f.prevOdd = B * f.prevInputOdd;
  value += f.prevOdd;
  f.prevInputOdd = input;
  return value * adjustedPrevPeriod;
}

/** State of the TA-Lib Hilbert transform; `step` consumes one bar. */
export class HilbertTransform {
  private wmaSum = 0;
  private wmaSub = 0;
  private trailingWmaValue = 0;
  private trailingIndex: number;
  smoothedValue = 0;
  private hilbertIndex = 0;
  private readonly detrenderFilter = createFilter();
  private readonly q1Filter = createFilter();
  private readonly jIFilter = createFilter();
  private readonly jQFilter = createFilter();
  detrender = 0;
  q1 = 0;
  /** The I1 (detrender delayed 3 bars) used on the current bar. */
  i1 = 0;
  private i1ForOddPrev2 = 0;
  private i1ForOddPrev3 = 0;
  private i1ForEvenPrev2 = 0;
  private i1ForEvenPrev3 = 0;
  private prevI2 = 0;
  private prevQ2 = 0;
  i2 = 0;
  q2 = 0;
  private re = 0;
  private im = 0;
  period = 0;

  /** Primes the 4-bar WMA smoother on x[begin..begin+2] then runs it for `warmup` bars, like TA-Lib. */
  constructor(
    private readonly x: ArrayLike<number>,
    begin: number,
    warmup: number,
  ) {
    let today = begin;
    this.trailingIndex = begin;
    let value = x[today++];
    this.wmaSub = value;
    this.wmaSum = value;
    value = x[today++];
    this.wmaSub += value;
    this.wmaSum += value * 2;
    value = x[today++];
    this.wmaSub += value;
    this.wmaSum += value * 3;
    for (let i = 0; i < warmup; i++) this.smooth(x[today++]);
    this.nextIndex = today;
  }

  /** Index of the next bar `step` expects. */
  nextIndex: number;

  private smooth(value: number): void {
    this.wmaSub += value;
    this.wmaSub -= this.trailingWmaValue;
    this.wmaSum += value * 4;
    this.trailingWmaValue = this.x[this.trailingIndex++];
    this.smoothedValue = this.wmaSum * 0.1;
    this.wmaSum -= this.wmaSub;
  }

  /** Runs the transform on bar `today` (uses the period of the previous bar), leaving the period for the next one. */
  step(today: number): void {
    const adjustedPrevPeriod = 0.075 * this.period + 0.54;
    this.smooth(this.x[today]);
    const smoothed = this.smoothedValue;
    if (today % 2 === 0) {
      this.detrender = filterEven(this.detrenderFilter, smoothed, this.hilbertIndex, adjustedPrevPeriod);
      this.q1 = filterEven(this.q1Filter, this.detrender, this.hilbertIndex, adjustedPrevPeriod);
      this.i1 = this.i1ForEvenPrev3;
      const jI = filterEven(this.jIFilter, this.i1, this.hilbertIndex, adjustedPrevPeriod);
      const jQ = filterEven(this.jQFilter, this.q1, this.hilbertIndex, adjustedPrevPeriod);
      if (++this.hilbertIndex === 3) this.hilbertIndex = 0;
      this.q2 = 0.2 * (this.q1 + jI) + 0.8 * this.prevQ2;
      this.i2 = 0.2 * (this.i1 - jQ) + 0.8 * this.prevI2;
      this.i1ForOddPrev3 = this.i1ForOddPrev2;
      this.i1ForOddPrev2 = this.detrender;
    } else {
      this.detrender = filterOdd(this.detrenderFilter, smoothed, this.hilbertIndex, adjustedPrevPeriod);
      this.q1 = filterOdd(this.q1Filter, this.detrender, this.hilbertIndex, adjustedPrevPeriod);
      this.i1 = this.i1ForOddPrev3;
      const jI = filterOdd(this.jIFilter, this.i1, this.hilbertIndex, adjustedPrevPeriod);
      const jQ = filterOdd(this.jQFilter, this.q1, this.hilbertIndex, adjustedPrevPeriod);
      this.q2 = 0.2 * (this.q1 + jI) + 0.8 * this.prevQ2;
      this.i2 = 0.2 * (this.i1 - jQ) + 0.8 * this.prevI2;
      this.i1ForEvenPrev3 = this.i1ForEvenPrev2;
      this.i1ForEvenPrev2 = this.detrender;
    }
  }

  /** Homodyne discriminator: updates the dominant cycle period from this bar's I2/Q2. */
  updatePeriod(): void {
    this.re = 0.2 * (this.i2 * this.prevI2 + this.q2 * this.prevQ2) + 0.8 * this.re;
    this.im = 0.2 * (this.i2 * this.prevQ2 - this.q2 * this.prevI2) + 0.8 * this.im;
    this.prevQ2 = this.q2;
    this.prevI2 = this.i2;
    const previous = this.period;
    let period = previous;
    if (this.im !== 0 && this.re !== 0) period = 360 / (Math.atan(this.im / this.re) * RAD_TO_DEG);
    if (period > 1.5 * previous) period = 1.5 * previous;
    if (period < 0.67 * previous) period = 0.67 * previous;
    if (period < 6) period = 6;
    else if (period > 50) period = 50;
    this.period = 0.2 * period + 0.8 * previous;
  }
}

export { RAD_TO_DEG };
