import { setupServer } from 'msw/node';

/**
 * The web tests' network: MSW intercepts every request the app sends with fetch. Tests add handlers with
 * `network.use(...)` (or `stubFetch` in render.tsx); a request no handler answers fails the test.
 */
export const network = setupServer();
