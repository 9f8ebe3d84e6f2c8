// Landing page budget, on a cold first visit (a fresh browser context: empty HTTP cache, no service worker yet)
// against the production build on localhost, in headless Chromium:
// - JavaScript the page transferred (Chromium's own count: compressed body plus headers), LCP and CLS, at
//   1280 px, the worker blocked: what the page itself costs;
// - everything transferred on a phone (390 px), the worker allowed to install and precache: every byte the
//   server sent on the connections the browser opened (page, worker, precache, images, API), counted by a
//   loopback proxy in front of the server, until the worker is active and nothing moved for 2 s, at most 30 s.
// Run: npm run build && npm run bench:landing -w bench [-- path ...]   (default: /)
// BENCH_URL=http://host:port measures a server that is already running instead of starting the build.
// Budgets: <= 170 KB JS transferred, LCP < 1500 ms, CLS < 0.05, <= 300 KB in the phone's first 30 s.
// Prints figures; never fails on timing.
import net from 'node:net';
import type { Browser } from 'playwright-core';
import { launchBrowser, startServer } from '../e2e/support/server.ts';

const RUNS = 5;
const BUDGET = { jsKb: 170, lcpMs: 1500, cls: 0.05, phoneKb: 300 };
const PHONE_WINDOW_MS = 30_000;
const QUIET_MS = 2_000;

type JsFile = { url: string; transferred: number; encoding: string };
type Sample = { jsFiles: JsFile[]; lcpMs: number; cls: number; lcpElement: string };

async function measure(browser: Browser, url: string, language: string): Promise<Sample> {
  // A fresh context per run: empty HTTP cache, no service worker, like a first visit.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: language,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  // Chromium's own count of the bytes received for each script (Network.loadingFinished encodedDataLength):
  // what a user's connection carries, whatever the server compressed or not.
  const network = await context.newCDPSession(page);
  const scripts = new Map<string, { url: string; encoding: string }>();
  const jsFiles: JsFile[] = [];
  network.on('Network.responseReceived', (event) => {
    if (event.type !== 'Script') return;
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
    scripts.set(event.requestId, {
      url: new URL(event.response.url).pathname,
      encoding: headers['content-encoding'] ?? 'identity',
    });
  });
  network.on('Network.loadingFinished', (event) => {
    const script = scripts.get(event.requestId);
    if (script) jsFiles.push({ ...script, transferred: event.encodedDataLength });
  });
  await network.send('Network.enable');
  // Observers are installed before any page script runs, so no entry is missed.
  await page.addInitScript(() => {
    const state = { lcp: 0, lcpElement: '', cls: 0 };
    (window as unknown as { __perf: typeof state }).__perf = state;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
        state.lcp = entry.startTime;
        state.lcpElement = entry.element
          ? `${entry.element.tagName.toLowerCase()}${entry.element.id ? `#${entry.element.id}` : ''}`
          : '';
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) state.cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  const perf = await page.evaluate(
    () => (window as unknown as { __perf: { lcp: number; lcpElement: string; cls: number } }).__perf,
  );
  await context.close();
  return { jsFiles, lcpMs: perf.lcp, cls: perf.cls, lcpElement: perf.lcpElement };
}

/** A loopback TCP proxy to `target` that counts the bytes the server sends back, headers and bodies alike. */
async function startCountingProxy(target: URL) {
  let received = 0;
  let lastActivity = Date.now();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    upstream.on('data', (chunk: Buffer) => {
      received += chunk.length;
      lastActivity = Date.now();
    });
    client.on('data', () => (lastActivity = Date.now()));
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    reset: () => {
      received = 0;
      lastActivity = Date.now();
    },
    received: () => received,
    idleFor: () => Date.now() - lastActivity,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type CountingProxy = Awaited<ReturnType<typeof startCountingProxy>>;

/**
 * A first visit on a phone with the service worker allowed: the bytes the server sent until the worker is
 * active and the connections have been quiet for 2 s, or 30 s have passed; and whether the worker got there.
 */
async function measurePhoneVisit(browser: Browser, proxy: CountingProxy, path: string, language: string) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: language,
    serviceWorkers: 'allow',
  });
  const page = await context.newPage();
  proxy.reset();
  const started = Date.now();
  await page.goto(`${proxy.url}${path}${path.includes('?') ? '&' : '?'}lng=${language}`, {
    waitUntil: 'load',
  });
  let workerActive = false;
  while (Date.now() - started < PHONE_WINDOW_MS) {
    workerActive ||= await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration?.active?.state === 'activated';
    });
    if (workerActive && proxy.idleFor() >= QUIET_MS) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const bytes = proxy.received();
  const precached = await page.evaluate(async () => {
    let entries = 0;
    for (const name of await caches.keys()) entries += (await (await caches.open(name)).keys()).length;
    return entries;
  });
  await context.close();
  return { bytes, workerActive, precached, seconds: (Date.now() - started) / 1000 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/'];
const running = process.env.BENCH_URL;
const [server, browser] = await Promise.all([running ? undefined : startServer(), launchBrowser()]);
const origin = running ?? server!.url;
const proxy = await startCountingProxy(new URL(origin));
try {
  for (const path of paths) {
    for (const language of ['pt-BR', 'en', 'es']) {
      const url = `${origin}${path}${path.includes('?') ? '&' : '?'}lng=${language}`;
      await measure(browser, url, language); // warm the server's file cache; not counted
      const samples: Sample[] = [];
      for (let run = 0; run < RUNS; run += 1) samples.push(await measure(browser, url, language));
      const first = samples[0]!;
      const jsTransferred = first.jsFiles.reduce((sum, file) => sum + file.transferred, 0);
      const encodings = [...new Set(first.jsFiles.map((file) => file.encoding))].join(', ');
      const lcp = median(samples.map((sample) => sample.lcpMs));
      const cls = Math.max(...samples.map((sample) => sample.cls));
      const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER BUDGET');
      console.log(`\n${path} [${language}]  (${RUNS} cold loads, median LCP, worst CLS)`);
      console.log(
        `  JS transferred on first load: ${first.jsFiles.length} files, ${kb(jsTransferred)} KB (${encodings})  ${verdict(jsTransferred / 1024 <= BUDGET.jsKb)} (<= ${BUDGET.jsKb} KB)`,
      );
      console.log(
        `  LCP: ${lcp.toFixed(0)} ms on <${first.lcpElement}>  ${verdict(lcp < BUDGET.lcpMs)} (< ${BUDGET.lcpMs} ms)`,
      );
      console.log(`  CLS: ${cls.toFixed(4)}  ${verdict(cls < BUDGET.cls)} (< ${BUDGET.cls})`);
      const visits = [];
      for (let run = 0; run < RUNS; run += 1)
        visits.push(await measurePhoneVisit(browser, proxy, path, language));
      const phoneBytes = median(visits.map((visit) => visit.bytes));
      const active = visits.filter((visit) => visit.workerActive).length;
      console.log(
        `  Phone first visit, worker on: ${kb(phoneBytes)} KB transferred in total (median of ${RUNS}; ${kb(Math.min(...visits.map((v) => v.bytes)))}-${kb(Math.max(...visits.map((v) => v.bytes)))})  ${verdict(phoneBytes / 1024 <= BUDGET.phoneKb)} (<= ${BUDGET.phoneKb} KB in the first ${PHONE_WINDOW_MS / 1000} s); worker active in ${active}/${RUNS}, ${visits[0]!.precached} entries cached, quiet after ${median(visits.map((visit) => visit.seconds)).toFixed(1)} s`,
      );
      if (process.env.VERBOSE) {
        for (const file of [...first.jsFiles].sort((a, b) => b.transferred - a.transferred)) {
          console.log(`    ${kb(file.transferred).padStart(6)} KB  ${file.encoding.padEnd(8)} ${file.url}`);
        }
      }
    }
  }
} finally {
  await proxy.stop();
  await browser.close();
  await server?.stop();
}
