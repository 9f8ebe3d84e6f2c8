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

describe('scheduler stop', () => {
  /** A scheduler whose one job, due every second (the croner path every engine takes), lasts `ms`. */
  function schedulerWithJob(ms: number, stopTimeoutMs: number, log = pino({ level: 'silent' })) {
    const job = { started: false, finished: false };
    const scheduler = createScheduler({
      definitions: [
        {
          name: 'slow',
          cron: '* * * * * *',
          scope: 'instance',
          run: async () => {
            job.started = true;
            await sleep(ms);
            job.finished = true;
            return {};
          },
        },
      ],
      log,
      now: () => new Date(),
      stopTimeoutMs,
    });
    return { scheduler, job };
  }
  const waitUntil = async (done: () => boolean) => {
    for (let waited = 0; !done() && waited < 10_000; waited += 20) await sleep(20);
  };

  it('gives a job that outlasts its budget up to the process, saying which, instead of holding the stop', async () => {
    const warnings: unknown[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line)) });
    const { scheduler, job } = schedulerWithJob(60_000, 1_000, log);
    await scheduler.start();
    await waitUntil(() => job.started);
    expect(job.started).toBe(true);
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await Promise.race([stopping, sleep(10_000)]);
    expect({ stopped, finished: job.finished }).toEqual({ stopped: true, finished: false });
    expect(warnings).toContainEqual(
      expect.objectContaining({
        jobs: ['slow'],
        msg: 'jobs still running at stop: left to end with the process',
      }),
    );
  }, 30_000);

  it('waits for a job that ends within its budget', async () => {
    const { scheduler, job } = schedulerWithJob(300, 5_000);
    await scheduler.start();
    await waitUntil(() => job.started);
    await scheduler.stop();
    expect(job.finished).toBe(true);
  }, 30_000);
});
