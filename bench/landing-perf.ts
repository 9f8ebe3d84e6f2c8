// Landing page budget (issue 10): JavaScript on first load (gzip), Largest Contentful Paint and
// Cumulative Layout Shift in headless Chromium against the production build on localhost.
// Run: npm run build && npx tsx bench/landing-perf.ts [path ...]   (default: /)
// Budget: <= 170 KB JS gzip, LCP < 1500 ms, CLS < 0.05. Prints figures; never fails on timing.
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser, startServer } from '../e2e/support/server.ts';

const RUNS = 5;
const BUDGET = { jsKb: 170, lcpMs: 1500, cls: 0.05 };

type Sample = { jsFiles: { url: string; bytes: number; gzip: number }[]; lcpMs: number; cls: number; lcpElement: string };

async function measure(browser: Browser, url: string, language: string): Promise<Sample> {
  // A fresh context per run: empty HTTP cache, no service worker, like a first visit.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: language, serviceWorkers: 'block' });
  const page = await context.newPage();
  const jsFiles: Sample['jsFiles'] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    pending.push(
      response.body().then((body) => {
        jsFiles.push({ url: new URL(response.url()).pathname, bytes: body.length, gzip: gzipSync(body).length });
      }),
    );
  });
  // Observers are installed before any page script runs, so no entry is missed.
  await page.addInitScript(() => {
    const state = { lcp: 0, lcpElement: '', cls: 0 };
    (window as unknown as { __perf: typeof state }).__perf = state;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
        state.lcp = entry.startTime;
        state.lcpElement = entry.element ? `${entry.element.tagName.toLowerCase()}${entry.element.id ? `#${entry.element.id}` : ''}` : '';
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) state.cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  const perf = await page.evaluate(() => (window as unknown as { __perf: { lcp: number; lcpElement: string; cls: number } }).__perf);
  await Promise.all(pending);
  await context.close();
  return { jsFiles, lcpMs: perf.lcp, cls: perf.cls, lcpElement: perf.lcpElement };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/'];
const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
try {
  for (const path of paths) {
    for (const language of ['pt-BR', 'en', 'es']) {
      const url = `${server.url}${path}${path.includes('?') ? '&' : '?'}lng=${language}`;
      await measure(browser, url, language); // warm the server's file cache; not counted
      const samples: Sample[] = [];
      for (let run = 0; run < RUNS; run += 1) samples.push(await measure(browser, url, language));
      const first = samples[0]!;
      const jsGzip = first.jsFiles.reduce((sum, file) => sum + file.gzip, 0);
      const jsRaw = first.jsFiles.reduce((sum, file) => sum + file.bytes, 0);
      const lcp = median(samples.map((sample) => sample.lcpMs));
      const cls = Math.max(...samples.map((sample) => sample.cls));
      const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER BUDGET');
      console.log(`\n${path} [${language}]  (${RUNS} cold loads, median LCP, worst CLS)`);
      console.log(`  JS first load: ${first.jsFiles.length} files, ${kb(jsRaw)} KB raw, ${kb(jsGzip)} KB gzip  ${verdict(jsGzip / 1024 <= BUDGET.jsKb)} (<= ${BUDGET.jsKb} KB)`);
      console.log(`  LCP: ${lcp.toFixed(0)} ms on <${first.lcpElement}>  ${verdict(lcp < BUDGET.lcpMs)} (< ${BUDGET.lcpMs} ms)`);
      console.log(`  CLS: ${cls.toFixed(4)}  ${verdict(cls < BUDGET.cls)} (< ${BUDGET.cls})`);
      if (process.env.VERBOSE) {
        for (const file of [...first.jsFiles].sort((a, b) => b.gzip - a.gzip)) console.log(`    ${kb(file.gzip).padStart(6)} KB  ${file.url}`);
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
