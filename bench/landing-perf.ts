// Landing page budget: JavaScript the browser actually transferred on a cold first load (bytes on the wire,
// as Chromium's network stack counted them: compressed body plus headers), Largest Contentful Paint and
// Cumulative Layout Shift in headless Chromium against the production build on localhost.
// Run: npm run build && npm run bench:landing -w bench [-- path ...]   (default: /)
// BENCH_URL=http://host:port measures a server that is already running instead of starting the build.
// Budget: <= 170 KB JS transferred, LCP < 1500 ms, CLS < 0.05. Prints figures; never fails on timing.
import type { Browser } from 'playwright-core';
import { launchBrowser, startServer } from '../e2e/support/server.ts';

const RUNS = 5;
const BUDGET = { jsKb: 170, lcpMs: 1500, cls: 0.05 };

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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/'];
const running = process.env.BENCH_URL;
const [server, browser] = await Promise.all([running ? undefined : startServer(), launchBrowser()]);
const origin = running ?? server!.url;
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
      if (process.env.VERBOSE) {
        for (const file of [...first.jsFiles].sort((a, b) => b.transferred - a.transferred)) {
          console.log(`    ${kb(file.transferred).padStart(6)} KB  ${file.encoding.padEnd(8)} ${file.url}`);
        }
      }
    }
  }
} finally {
  await browser.close();
  await server?.stop();
}
