import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../test/harness.ts';
import { createScheduler, type JobRunner } from './scheduler.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!engines.includes('postgres'))('scheduler on PostgreSQL (pg-boss)', () => {
  let app: TestApp;
  const schedulers: JobRunner[] = [];
  beforeAll(async () => {
    app = await startTestApp({ engine: 'postgres' });
  });
  afterAll(async () => {
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
    await app.close();
  });

  it('runs a scheduled job once per tick with two instances', async () => {
    // stay inside one minute: a run that straddles a minute boundary is legitimately due twice
    if (new Date().getSeconds() > 35) await sleep((61 - new Date().getSeconds()) * 1000);
    const runs: string[] = [];
    for (const instance of ['a', 'b']) {
      const scheduler = createScheduler({
        definitions: [
          { name: 'probe', cron: '* * * * *', scope: 'cluster', run: async () => (runs.push(instance), {}) },
        ],
        log: pino({ level: 'silent' }),
        now: () => new Date(),
        databaseUrl: app.config.DATABASE_URL,
        pollingSeconds: 1,
      });
      schedulers.push(scheduler);
      await scheduler.start();
    }
    // pg-boss sends the current minute's run at start; wait for it, then give a duplicate time to show up
    for (let waited = 0; runs.length === 0 && waited < 15_000; waited += 250) await sleep(250);
    await sleep(5_000);
    expect(runs).toHaveLength(1);
  }, 120_000);
});
