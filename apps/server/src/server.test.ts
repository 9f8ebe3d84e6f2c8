import { afterEach, expect, it } from 'vitest';
import { acceptsConnections } from './test/free-port.ts';
import { forEachEngine } from './test/harness.ts';
import {
  killServerProcess,
  processDatabase,
  processSecrets,
  startServerProcess,
  type ServerProcess,
} from './test/server-process.ts';
import { startMarketStub, stubEndpoints, type MarketStub } from './test/stubs/market-stub.ts';

/** Whether a new TCP connection to the port is refused (nothing listens any more). */
const isRefused = async (port: number) => !(await acceptsConnections(port));

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

forEachEngine((engine) => {
  it('on SIGTERM refuses new connections, finishes the request in flight, releases its jobs and exits 0', async () => {
    const stub: MarketStub = await startMarketStub();
    cleanups.push(() => stub.close());
    const database = await processDatabase(engine);
    cleanups.push(database.remove);
    const server: ServerProcess = await startServerProcess({
      ...database.env,
      ...processSecrets(),
      ...stub.env,
      MARKET_DATA_SOURCE: 'live',
      // the scheduler runs (croner on PGlite, pg-boss on PostgreSQL): the stop must release it
      JOBS_ENABLED: 'true',
      SHUTDOWN_TIMEOUT_MS: '20000',
    });
    cleanups.push(() => killServerProcess(server));

    // a request that waits on its upstream: LINK's daily candles, answered by the stub after 3 s
    stub.setFault('/api/v3/klines?symbol=LINKUSDT&', { kind: 'slow', delayMs: 3000 });
    const callsBefore = stub.calls(stubEndpoints.klines);
    let isSlowDone = false;
    const slow = fetch(`${server.url}/api/market-data/candles?symbol=LINK&interval=1d&currency=USD`).then(
      async (response) => {
        isSlowDone = true;
        return { status: response.status, body: (await response.json()) as { data: unknown[] } };
      },
    );
    while (stub.calls(stubEndpoints.klines) === callsBefore) await new Promise((r) => setTimeout(r, 20));

    server.child.kill('SIGTERM');
    // the listener closes while the slow request is still being served
    let refusedWhileInFlight = false;
    while (!isSlowDone) {
      if (await isRefused(server.port)) {
        refusedWhileInFlight = !isSlowDone;
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }

    const answer = await slow;
    expect(refusedWhileInFlight).toBe(true);
    expect(answer.status).toBe(200);
    expect(answer.body.data.length).toBeGreaterThan(0);
    // code 0: app.close() completed (jobs stopped, database closed) before SHUTDOWN_TIMEOUT_MS forced an exit 1
    expect(await server.exited, server.output()).toEqual({ code: 0, signal: null });
    expect(await isRefused(server.port)).toBe(true);
  });
});
