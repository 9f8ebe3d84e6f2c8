import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { i18n, loadAppNamespaces } from '../lib/i18n.ts';

beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('pt-BR');
  // The router loads the signed-in screens' catalogues with their routes; components rendered alone need them too.
  await loadAppNamespaces();
});

afterEach(() => {
  cleanup();
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
