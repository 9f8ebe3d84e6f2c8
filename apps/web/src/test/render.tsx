import { authResponseSchema, errorBodySchema, profileSchema, type PublicUser } from '@farol/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Toaster } from 'sonner';
import { http, HttpResponse } from 'msw';
import { network } from './network.ts';
import { i18n } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';

/** A user exactly as the contract describes it (parsed, so a contract change breaks the tests here). */
export const sampleUser: PublicUser = profileSchema.parse({
  id: '7f1c2a1e-0000-4000-8000-000000000001',
  name: 'Ana Souza',
  email: 'ana@example.com',
  avatar: null,
  emailVerified: true,
  createdAt: '2025-03-14T12:30:00.000Z',
  preferences: { aiProvider: 'openai', theme: 'dark', emailAlerts: true, pushNotifications: true },
});

export const authAnswer = (message: string) =>
  authResponseSchema.parse({ token: 'token-abc', user: sampleUser, message });

export const errorAnswer = (body: {
  code: string;
  message: string;
  errors?: { message: string; field?: string }[];
}) => errorBodySchema.parse(body);

export type StubAnswer = { status: number; body?: unknown } | 'network-error';
export type RecordedCall = { url: string; method: string; headers: Record<string, string>; body: unknown };

/** `accept-language` → `Accept-Language`: recorded headers read as the client wrote them. */
const headerName = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => dash + letter.toUpperCase());

/**
 * Answers every request the app makes on the network (MSW intercepts fetch) from `answer(url, method)`, with
 * the path and query as the URL, and records every call, so tests can assert what the client sent (headers,
 * JSON body) as well as how it reacted.
 */
export function stubFetch(answer: (url: string, method: string) => StubAnswer) {
  const calls: RecordedCall[] = [];
  network.use(
    http.all('*', async ({ request }) => {
      const { pathname, search } = new URL(request.url);
      const url = pathname + search;
      const text = await request.text();
      calls.push({
        url,
        method: request.method,
        headers: Object.fromEntries([...request.headers].map(([name, value]) => [headerName(name), value])),
        body: text ? JSON.parse(text) : undefined,
      });
      const result = answer(url, request.method);
      if (result === 'network-error') return HttpResponse.error();
      return new HttpResponse(result.body === undefined ? null : JSON.stringify(result.body), {
        status: result.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** Renders routes in a memory router with the app's query client rules, i18n and toasts. */
export function renderRoutes(routes: RouteObject[], initialPath: string) {
  const queryClient = createQueryClient();
  // Same retry rules as the app, without the back-off wait, so a failure is final within the test.
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryDelay: 0 } });
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster theme="dark" />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, router, queryClient };
}

/** A stand-in for the page a redirect or a success lands on. */
export const landingRoute = (path: string): RouteObject => ({ path, element: <p>landed on {path}</p> });
