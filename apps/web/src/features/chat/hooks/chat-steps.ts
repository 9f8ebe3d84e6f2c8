import { chatSteps, type ChatStep } from '@farol/contract';

export type StepStatus = 'pending' | 'processing' | 'completed';
export type StepState = { status: StepStatus; progress: number };
export type StepsState = Record<ChatStep, StepState>;

/** The fallback progress moves 20% every 100 ms, with 200 ms between steps. */
export const SIMULATED_PROGRESS_STEP = 20;
export const SIMULATED_TICK_MS = 100;
export const SIMULATED_STEP_PAUSE_MS = 200;

export function initialSteps(): StepsState {
  return Object.fromEntries(
    chatSteps.map((step) => [step, { status: 'pending', progress: 0 }]),
  ) as StepsState;
}

export function completeAllSteps(): StepsState {
  return Object.fromEntries(
    chatSteps.map((step) => [step, { status: 'completed', progress: 100 }]),
  ) as StepsState;
}

/** A real step event from the stream: processing shows an open bar, completed a full one. */
export function applyStepEvent(
  steps: StepsState,
  step: ChatStep,
  status: 'processing' | 'completed',
): StepsState {
  return {
    ...steps,
    [step]: { status, progress: status === 'completed' ? 100 : Math.max(steps[step].progress, 0) },
  };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * The five simulated steps, used only when streaming is unavailable: each step goes
 * pending -> processing (0 to 100 by 20 every 100 ms) -> completed, with a 200 ms pause between steps. The last
 * step stays at "processing" until the answer arrives (the caller aborts and completes them all then).
 */
export async function runSimulatedSteps(
  update: (change: (steps: StepsState) => StepsState) => void,
  signal: AbortSignal,
) {
  for (const [index, step] of chatSteps.entries()) {
    const isLast = index === chatSteps.length - 1;
    for (let progress = 0; progress <= 100 && !signal.aborted; progress += SIMULATED_PROGRESS_STEP) {
      update((steps) => ({ ...steps, [step]: { status: 'processing', progress } }));
      await sleep(SIMULATED_TICK_MS, signal);
    }
    if (signal.aborted || isLast) return;
    update((steps) => ({ ...steps, [step]: { status: 'completed', progress: 100 } }));
    await sleep(SIMULATED_STEP_PAUSE_MS, signal);
  }
}
