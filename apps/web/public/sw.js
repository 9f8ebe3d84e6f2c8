// Farol service worker: keeps the app shell (index.html and the scripts and styles it loads) so the site opens
// on a flaky connection, and every other hashed asset (a page, a catalogue, the chart) once it has been used:
// a first visit transfers what it shows, not the whole app. Market data and account calls (/api/*) and every
// non-GET request always go to the network. The build replaces the two markers below (vite.config.ts,
// serviceWorkerVersion plugin): a new deploy changes this file's bytes, so browsers install the new worker,
// which drops the previous caches.
const BUILD_VERSION = 'dev';
const PRECACHE_ASSETS = [];

const CACHE_PREFIX = 'farol-shell-';
const CACHE_NAME = CACHE_PREFIX + BUILD_VERSION;
const SHELL_URL = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE_NAME);
      const shell = await fetch('/', { cache: 'reload' });
      if (shell.ok) await cache.put(SHELL_URL, shell);
      await cache.addAll(PRECACHE_ASSETS);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;

  if (request.mode === 'navigate') {
    event.respondWith(networkFirstShell(request));
  } else if (url.pathname.startsWith('/assets/')) {
    // Hashed file names never change content, so the cached copy is always right.
    event.respondWith(cacheFirst(request));
  }
});

// The page loaded its first chunks before this worker controlled it; it sends their addresses once the worker is
// active, and they are kept like any asset used later (read from the browser's HTTP cache, not transferred again).
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'cache-used-assets' || !Array.isArray(event.data.urls)) return;
  const urls = event.data.urls.filter(
    (url) => typeof url === 'string' && new URL(url, self.location.origin).origin === self.location.origin,
  );
  const assets = urls.filter((url) => new URL(url, self.location.origin).pathname.startsWith('/assets/'));
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE_NAME);
      await Promise.all(
        assets.map(async (url) => {
          if (await cache.match(url)) return;
          const response = await fetch(url).catch(() => undefined);
          if (response?.ok) await cache.put(url, response);
        }),
      );
    })(),
  );
});

async function networkFirstShell(request) {
  const cache = await caches.open(CACHE_NAME);
  try {
    const response = await fetch(request);
    const type = response.headers.get('content-type') ?? '';
    if (response.ok && type.includes('text/html')) await cache.put(SHELL_URL, response.clone());
    return response;
  } catch (error) {
    const shell = await cache.match(SHELL_URL);
    if (shell) return shell;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE_NAME);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

// Alert notifications (Web Push): the server sends {title, body, url, tag}, encrypted for this browser.
self.addEventListener('push', (event) => {
  let notice;
  try {
    notice = event.data ? event.data.json() : undefined;
  } catch {
    notice = undefined;
  }
  if (!notice || typeof notice.title !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      icon: '/favicon.svg',
      data: { url: notice.url || '/alerts' },
    }),
  );
});

// A tap opens the alerts page: in an open Farol tab when there is one, else in a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/alerts', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url.startsWith(self.location.origin));
      if (!open) return self.clients.openWindow(url);
      await open.focus();
      return open.navigate(url);
    })(),
  );
});
