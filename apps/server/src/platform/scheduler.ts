import type { FastifyBaseLogger } from 'fastify';
import type { Leases } from './leases.js';

/** Work that runs at most once per period across every server process on the database. */
export interface ScheduledJob {
  /** Stable name; the job's lease is `job:<name>`. */
  name: string;
  /** The period: after a run starts, no process starts the job again until this has passed. */
  everyMs: number;
  /** Offered as soon as the process listens too, not only from the first tick (start-up work). */
  isOfferedAtStart?: boolean;
  run(): Promise<void>;
}

export type Scheduler = ReturnType<typeof createScheduler>;

/**
 * Runs scheduled jobs. Every `tickMs` each job is offered to this process; whoever takes the job's
 * lease for the period runs it, so two processes never run one job in the same period. A job still
 * running here when its next period comes is not started twice. Failures are logged, never thrown.
 */
export function createScheduler({ leases, log, tickMs }: { leases: Leases; log: Pick<FastifyBaseLogger, 'error'>; tickMs: number }) {
  const jobs: ScheduledJob[] = [];
  const running = new Map<string, Promise<void>>();
  let timer: NodeJS.Timeout | undefined;

  async function offer(job: ScheduledJob): Promise<void> {
    if (running.has(job.name)) return;
    const run = (async () => {
      try {
        if (!(await leases.acquire(`job:${job.name}`, job.everyMs))) return;
        await job.run();
      } catch (error) {
        log.error({ err: error, job: job.name }, 'scheduled job failed');
      }
    })();
    running.set(job.name, run);
    try {
      await run;
    } finally {
      running.delete(job.name);
    }
  }

  /** Offers every job once; answers when the runs this tick started have ended. */
  async function tick(): Promise<void> {
    await Promise.all(jobs.map((job) => offer(job)));
  }

  return {
    add(job: ScheduledJob): void {
      jobs.push(job);
    },
    tick,
    start(): void {
      if (timer || tickMs === 0) return;
      timer = setInterval(() => void tick(), tickMs);
      timer.unref();
      for (const job of jobs) if (job.isOfferedAtStart) void offer(job);
    },
    /** Stops offering jobs and waits for the runs under way. */
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await Promise.all(running.values());
    },
  };
}
