import { describe, expect, it } from 'vitest';
import { useServerAndBrowser } from './support/server.ts';

// Browser notifications in the production build: with the permission granted, a push delivered to the
// service worker (as a push service would, through the DevTools protocol) is shown as a notification with
// the alert's text, and a tap on it leads to /alerts. Subscribing itself needs the browser vendor's push
// service (Google's for Chromium), which this machine cannot reach; the API tests cover that end with a
// local push service that decrypts what the server sends.

const journey = useServerAndBrowser();

describe('browser notifications', () => {
  it('shows a pushed alert as a notification from the service worker', async () => {
    const context = await journey.browser.newContext({ locale: 'pt-BR' });
    await context.grantPermissions(['notifications'], { origin: journey.server.url });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/?lng=pt-BR`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));

    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((candidate: { isDeleted: boolean }) => !candidate.isDeleted);
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const notice = {
      title: 'Alerta "Topo": BTC preço acima de US$ 100.000,00',
      body: 'Valor observado: US$ 101.500,00',
      url: '/alerts',
      tag: 'alert-Topo-BTC',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: journey.server.url,
      registrationId: await registration,
      data: JSON.stringify(notice),
    });

    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((shown) => ({
              title: shown.title,
              body: shown.body,
              url: (shown.data as { url: string }).url,
            })),
          ),
        { timeout: 10_000 },
      )
      .toEqual([{ title: notice.title, body: notice.body, url: '/alerts' }]);
    await context.close();
  });
});
