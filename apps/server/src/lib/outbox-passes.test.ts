import { describe, expect, it } from 'vitest';
import { createOutboxPasses } from './outbox-passes.ts';

/** A pass that ends when told to; `started` counts the passes begun. */
function controlledPasses(isClosing = () => false) {
  const ends: (() => void)[] = [];
  const errors: unknown[] = [];
  const passes = createOutboxPasses({
    deliver: () => new Promise<number>((resolve) => ends.push(() => resolve(ends.length))),
    onError: (error) => errors.push(error),
    isClosing,
  });
  const endPass = async () => {
    ends.at(-1)!();
    // the pass's settlement and the follow-up it may start
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { passes, endPass, started: () => ends.length, errors };
}

describe('outbox passes', () => {
  it('runs one more pass after the one under way when kicked during it, however many kicks came', async () => {
    const { passes, endPass, started } = controlledPasses();
    passes.kick();
    expect(started()).toBe(1);
    passes.kick();
    passes.kick();
    expect(started()).toBe(1);
    await endPass();
    expect(started()).toBe(2);
    await endPass();
    expect(started()).toBe(2);
  });

  it('lets a caller join the pass under way', async () => {
    const { passes, endPass, started } = controlledPasses();
    const first = passes.run();
    const joined = passes.run();
    expect(started()).toBe(1);
    await endPass();
    expect(await first).toBe(1);
    expect(await joined).toBe(1);
  });

  it('starts nothing from a kick once closing, not even the pass a kick asked for before', async () => {
    let closing = false;
    const { passes, endPass, started } = controlledPasses(() => closing);
    passes.kick();
    passes.kick();
    closing = true;
    await endPass();
    passes.kick();
    expect(started()).toBe(1);
  });
});
