import { Cron } from 'croner';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import { startupStep } from '../lib/startup-step.ts';
import { AppError } from '../lib/app-error.ts';
import { createJobDefinitions, JOBS_TIME_ZONE, type JobDefinition } from './job-definitions.ts';

export type JobRunResult = {
  name: string;
  startedAt: string;
  finishedAt: string;
  result: Record<string, unknown>;
};

export type JobRunner = {
  /** Runs a job now, on this instance (admin endpoint, tests). */
  run: (name: string) => Promise<JobRunResult>;
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

export type SchedulerOptions = {
  definitions: JobDefinition[];
  log: FastifyBaseLogger;
  now: () => Date;
  /** PostgreSQL URL: cluster jobs go through pg-boss so each tick runs once across instances. */
  databaseUrl?: string;
  /** pg-boss polling, in seconds (tests shorten it). */
  pollingSeconds?: number;
  /** How long stop() waits for the running jobs before pg-boss gives them up (default 10 s). */
  stopTimeoutMs?: number;
  /** Runs the queue's schema creation while no other instance creates it (Database.serializeStartup). */
  serializeStartup?: <T>(work: () => Promise<T>) => Promise<T>;
};

// pg-boss cron granularity is one minute: sub-minute cluster schedules would be silently coarsened
const hasSecondsField = (cron: string) => cron.trim().split(/\s+/).length === 6;

/**
 * Waits for the jobs running here, up to `ms`. A job still running then is left to end with the process: every
 * job is safe to cut and run again (each writes in transactions and records what it has done), as after a crash.
 */
async function waitForJobs(running: Map<string, Promise<unknown>>, ms: number, log: FastifyBaseLogger) {
  if (running.size === 0) return;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>(
    (resolve) => (timer = setTimeout(resolve, Math.max(0, ms), 'timeout')),
  );
  const outcome = await Promise.race([Promise.allSettled(running.values()), timedOut]);
  clearTimeout(timer);
  if (outcome === 'timeout')
    log.warn({ jobs: [...running.keys()] }, 'jobs still running at stop: left to end with the process');
}

export function createScheduler(options: SchedulerOptions): JobRunner {
  const { definitions, log, now } = options;
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  const crons: Cron[] = [];
  const running = new Map<string, Promise<unknown>>();
  let boss: PgBoss | undefined;

  async function run(name: string): Promise<JobRunResult> {
    const definition = byName.get(name);
    if (!definition) throw new AppError('unknown_job', { name });
    const startedAt = now().toISOString();
    const result = await definition.run();
    return { name, startedAt, finishedAt: now().toISOString(), result };
  }

  /** A scheduled tick: skipped while the previous run of the same job is still going on this instance. */
  async function tick(name: string) {
    if (running.has(name)) return;
    const promise = run(name)
      .then(({ result }) => log.debug({ job: name, result }, 'job finished'))
      .catch((error: unknown) => log.error({ err: error, job: name }, 'job failed'))
      .finally(() => running.delete(name));
    running.set(name, promise);
    await promise;
  }

  async function startBoss(cluster: JobDefinition[]) {
    const pollingSeconds = options.pollingSeconds ?? 2;
    boss = new PgBoss({
      connectionString: options.databaseUrl,
      max: 3,
      schema: 'pgboss',
      cronMonitorIntervalSeconds: Math.max(1, Math.min(30, pollingSeconds)),
      cronWorkerIntervalSeconds: Math.max(1, Math.min(5, pollingSeconds)),
    });
    boss.on('error', (error: unknown) => log.warn({ err: error }, 'pg-boss error'));
    const started = boss;
    const serialize = options.serializeStartup ?? ((work) => work());
    await serialize(async () => {
      await started.start();
      for (const definition of cluster) {
        await started.createQueue(definition.name);
        await started.schedule(definition.name, definition.cron, {}, { tz: JOBS_TIME_ZONE });
      }
    });
    for (const definition of cluster) {
      await boss.work(definition.name, { pollingIntervalSeconds: pollingSeconds }, async () => {
        await tick(definition.name);
      });
    }
  }

  return {
    run,
    start: async () => {
      const useBoss = Boolean(options.databaseUrl);
      const cluster = definitions.filter(
        (definition) => useBoss && definition.scope === 'cluster' && !hasSecondsField(definition.cron),
      );
      for (const definition of definitions) {
        if (cluster.includes(definition)) continue;
        crons.push(
          new Cron(definition.cron, { timezone: JOBS_TIME_ZONE, name: definition.name }, () =>
            tick(definition.name),
          ),
        );
      }
      if (cluster.length > 0) await startupStep('starting the job queue (pg-boss)', () => startBoss(cluster));
      log.info(
        { jobs: definitions.map((definition) => definition.name), engine: useBoss ? 'pg-boss' : 'croner' },
        'scheduler started',
      );
    },
    stop: async () => {
      const timeoutMs = options.stopTimeoutMs ?? 10_000;
      const deadline = Date.now() + timeoutMs;
      for (const cron of crons.splice(0)) cron.stop();
      // graceful: pg-boss stops fetching new jobs and waits (up to the timeout) for those running here
      await boss?.stop({ graceful: true, wait: true, timeout: timeoutMs });
      boss = undefined;
      await waitForJobs(running, deadline - Date.now(), log);
    },
  };
}

/**
 * Decorates `app.jobs`. The schedule starts only with JOBS_ENABLED (tests leave it off and run jobs
 * directly); on PostgreSQL, cluster jobs go through pg-boss on the same database.
 */
export function registerJobs(app: FastifyInstance) {
  const scheduler = createScheduler({
    definitions: createJobDefinitions(app),
    log: app.log,
    now: app.now,
    databaseUrl: app.database.engine === 'postgres' ? app.config.DATABASE_URL : undefined,
    serializeStartup: app.database.serializeStartup,
    // half the shutdown budget: the requests in flight and the database's close take the rest
    stopTimeoutMs: Math.max(1000, Math.floor(app.config.SHUTDOWN_TIMEOUT_MS / 2)),
  });
  app.decorate('jobs', scheduler);
  if (app.config.JOBS_ENABLED) app.addHook('onReady', async () => scheduler.start());
  // The scheduler starts stopping as soon as the app closes (no new job while requests drain) and the
  // close waits for it after the requests in flight, before the database closes.
  let stopping: Promise<void> | undefined;
  app.addHook('preClose', async () => {
    stopping = scheduler
      .stop()
      .catch((error: unknown) => app.log.warn({ err: error }, 'job scheduler stop failed'));
  });
  app.addHook('onClose', async () => stopping ?? scheduler.stop());
}
