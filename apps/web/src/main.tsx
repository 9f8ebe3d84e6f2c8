import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import './index.css';
import './lib/i18n.ts';

const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

// The worker keeps the app shell so the site opens without a connection. Start-up code may run after the
// page's load event has already fired (the production build loads it as a module), so register at once in
// that case instead of waiting for an event that will not come again. Once it is active, it is told which
// assets this page loaded before it was in control (a route, a catalogue), so they open offline too.
function registerServiceWorker() {
  navigator.serviceWorker
    .register('/sw.js')
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const urls = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => url.startsWith(`${window.location.origin}/assets/`));
      registration.active?.postMessage({ type: 'cache-used-assets', urls });
    })
    .catch((error: unknown) => console.warn('Service worker not registered', error));
}
if ('serviceWorker' in navigator) {
  if (document.readyState === 'complete') registerServiceWorker();
  else window.addEventListener('load', registerServiceWorker, { once: true });
}
