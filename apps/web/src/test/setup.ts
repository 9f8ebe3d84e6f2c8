import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { i18n, loadAppNamespaces } from '../lib/i18n.ts';
import { network } from './network.ts';

// findBy/waitFor wait up to 5 s (Testing Library's default is 1 s): under the full suite's load on two cores an
// answer that comes in 200 ms alone can take more than a second, and a wait that short fails on load, not behaviour
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => network.listen({ onUnhandledRequest: 'error' }));
afterAll(() => network.close());

beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('pt-BR');
  // The router loads the signed-in screens' catalogues with their routes; components rendered alone need them too.
  await loadAppNamespaces();
});

afterEach(() => {
  cleanup();
  network.resetHandlers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// jsdom lacks the layout observers Radix primitives measure with; they only need to exist here.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
