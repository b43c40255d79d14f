import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { jobs } from '../db/schema/index.js';

export type JobRow = typeof jobs.$inferSelect;

export interface JobContext {
  job: JobRow;
  /** Aborted when the worker stops or loses its lease: stop between steps with `signal.throwIfAborted()`. */
  signal: AbortSignal;
  /** This is the last try: a handler may settle what it cannot finish instead of failing. */
  lastAttempt: boolean;
  log: JobLog;
}
export type JobHandler = (ctx: JobContext) => Promise<void>;
export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Thrown by a handler for a job that can never succeed: it fails at once, without retries. */
export class PermanentJobError extends Error {}

// In-process wake-up after an enqueue; other processes find the job by polling.
const enqueued = new EventEmitter().setMaxListeners(0);

/**
 * Queues a job. Call it inside the transaction that makes the job necessary, so the two commit
 * together. Workers in this process wake at once (and look again shortly, in case the
 * enqueueing transaction had not committed yet).
 */
export async function enqueueJob(db: DbOrTx, kind: string, payload: object, runAfter?: Date): Promise<string> {
  const [row] = await db.insert(jobs).values({ kind, payload, ...(runAfter ? { runAfter } : {}) }).returning({ id: jobs.id });
  wakeWorkers(kind);
  return row.id;
}

/** Wakes this process's workers of `kind`: after a job was queued by a statement of the caller's own. */
export function wakeWorkers(kind: string) {
  enqueued.emit('job', kind);
}

const msInterval = (ms: number) => sql`now() + ${Math.max(0, Math.round(ms))} * interval '1 millisecond'`;

/**
 * Makes sure a scheduled job has its one row (keyed by kind), due now unless it is already
 * queued or running. Every process calls it at start: the unique key keeps it one row.
 */
export async function scheduleJob(db: DbOrTx, kind: string): Promise<void> {
  await db.insert(jobs).values({ kind, key: kind })
    .onConflictDoUpdate({
      target: jobs.key,
      set: { status: 'queued', runAfter: sql`now()`, attempts: 0, leaseUntil: null, lockedBy: null },
      where: inArray(jobs.status, ['done', 'failed']),
    });
  enqueued.emit('job', kind);
}

/**
 * Claims a job of the given kinds: first one running with a lapsed lease (its worker died), else
 * the oldest queued and due. SKIP LOCKED lets any number of workers claim side by side. The two
 * are looked up apart, each in the order of `jobs_claim_idx`: one lookup with an OR between them
 * sorted every due job on each claim, so a backlog (thousands of e-ticket mails after a rush)
 * made every claim slower. `attempts` counts claims and fences the claimant: every later write checks it.
 */
export async function claimJob(db: DbOrTx, opts: { kinds: string[]; workerId: string; leaseMs: number }): Promise<JobRow | undefined> {
  if (opts.kinds.length === 0) return undefined;
  const lapsed = oldestJobs(db, opts.kinds, and(eq(jobs.status, 'running'), lt(jobs.leaseUntil, sql`now()`))!, 1);
  const due = oldestJobs(db, opts.kinds, dueNow, 1);
  const [row] = await db.update(jobs).set(claimedBy(opts)).where(sql`${jobs.id} = coalesce((${lapsed}), (${due}))`).returning();
  return row;
}

/**
 * Claims up to `limit` more queued, due jobs of one kind, oldest first, for a worker that runs
 * that kind side by side (`WorkerOptions.sideBySide`): one statement for all of them.
 */
export async function claimMoreJobs(db: DbOrTx, opts: { kind: string; workerId: string; leaseMs: number; limit: number }): Promise<JobRow[]> {
  if (opts.limit <= 0) return [];
  return db.update(jobs).set(claimedBy(opts)).where(inArray(jobs.id, oldestJobs(db, [opts.kind], dueNow, opts.limit))).returning();
}

const dueNow = and(eq(jobs.status, 'queued'), lte(jobs.runAfter, sql`now()`))!;

/** The ids of the oldest `limit` jobs of `kinds` matching `when`, in `jobs_claim_idx`'s order, locked, skipping locked ones. */
const oldestJobs = (db: DbOrTx, kinds: string[], when: SQL, limit: number) => db
  .select({ id: jobs.id })
  .from(jobs)
  .where(and(inArray(jobs.kind, kinds), when))
  .orderBy(jobs.status, jobs.runAfter, jobs.createdAt)
  .limit(limit)
  .for('update', { skipLocked: true });

/** A claim: running, one more attempt (the fence), leased to the worker. */
const claimedBy = (o: { workerId: string; leaseMs: number }) => ({
  status: 'running', attempts: sql`${jobs.attempts} + 1`, leaseUntil: msInterval(o.leaseMs), lockedBy: o.workerId,
}) as const;

/** Only the claimant of this very attempt may write the job's outcome. */
const held = (job: JobRow) => and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.lockedBy, job.lockedBy!), eq(jobs.attempts, job.attempts));

/** Extends the lease; false when it was lost (lapsed and claimed by another worker). */
export async function renewLease(db: DbOrTx, job: JobRow, leaseMs: number): Promise<boolean> {
  const rows = await db.update(jobs).set({ leaseUntil: msInterval(leaseMs) }).where(held(job)).returning({ id: jobs.id });
  return rows.length > 0;
}

export async function completeJob(db: DbOrTx, job: JobRow): Promise<void> {
  await db.update(jobs).set({ status: 'done', finishedAt: sql`now()`, leaseUntil: null, lastError: null }).where(held(job));
}

/** A scheduled job's row after a run, whatever its outcome: queued again `everyMs` later, tries reset. */
async function rearmJob(db: DbOrTx, job: JobRow, everyMs: number, lastError: string | null): Promise<void> {
  await db.update(jobs)
    .set({ status: 'queued', runAfter: msInterval(everyMs), attempts: 0, leaseUntil: null, lockedBy: null, finishedAt: sql`now()`, lastError })
    .where(held(job));
}

/** Back in the queue after `retryInMs`, or failed for good when `final`. */
export async function failJob(db: DbOrTx, job: JobRow, error: string, opts: { final: boolean; retryInMs: number }): Promise<void> {
  const lastError = error.slice(0, 2000);
  await db
    .update(jobs)
    .set(opts.final
      ? { status: 'failed', finishedAt: sql`now()`, leaseUntil: null, lastError }
      : { status: 'queued', runAfter: msInterval(opts.retryInMs), leaseUntil: null, lockedBy: null, lastError })
    .where(held(job));
}

/**
 * Every job marked running goes back to the queue, due now; returns how many. Only for a
 * database no other process uses (the embedded one, at startup): a job still running there was
 * cut off by a crash of this process's previous run, and its lease may last minutes more. The
 * interrupted try counts, so a job that keeps crashing the process still ends at maxAttempts.
 */
export async function requeueRunningJobs(db: DbOrTx): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ status: 'queued', runAfter: sql`now()`, leaseUntil: null, lockedBy: null })
    .where(eq(jobs.status, 'running'))
    .returning({ id: jobs.id });
  return rows.length;
}

/** A clean stop gives the job back at once, and the interrupted try does not count. */
export async function releaseJob(db: DbOrTx, job: JobRow): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'queued', runAfter: sql`now()`, leaseUntil: null, lockedBy: null, attempts: sql`${jobs.attempts} - 1` })
    .where(held(job));
}

export interface WorkerOptions {
  db: Db;
  handlers: Record<string, JobHandler>;
  /** Scheduled kinds (each also in `handlers`) and how long after a run each runs again. */
  every?: Record<string, number>;
  /**
   * Kinds whose jobs mostly wait on another machine (a webhook's receiver), and how many of them
   * one worker claims together and runs side by side, each handled and settled as if alone. The
   * worker claims again once all of them have settled: a slow receiver holds it for at most one
   * try's timeout, and the next claim is again the oldest due job of any kind.
   */
  sideBySide?: Record<string, number>;
  log: JobLog;
  /** How often to look for work when nothing woke the worker (other processes' jobs, retries). */
  pollMs?: number;
  /** A job whose lease lapses is another worker's to take; renewed every third of it. */
  leaseMs?: number;
  workerId?: string;
  maxAttempts?: number;
  /** First retry delay, doubled per attempt up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

/** Quick second looks after an in-process enqueue whose transaction may not have committed yet. */
const WAKE_RETRIES_MS = [50, 250, 1000];

/**
 * Runs jobs one at a time (a `sideBySide` kind: up to its number at a time) until `stop()`.
 * `stop` aborts the running handlers' signals, waits for them to return, and gives unfinished
 * jobs back to the queue; nothing half-written is left, as handlers are idempotent and write
 * their outcome step by step.
 */
export function startWorker(opts: WorkerOptions): { workerId: string; stop(): Promise<void>; running(): { id: string; kind: string }[] } {
  const { db, handlers, log } = opts;
  const pollMs = opts.pollMs ?? 2000;
  const leaseMs = opts.leaseMs ?? 60_000;
  const maxAttempts = opts.maxAttempts ?? 5;
  const backoffMs = opts.backoffMs ?? 5000;
  const maxBackoffMs = opts.maxBackoffMs ?? 600_000;
  const workerId = opts.workerId ?? `worker-${process.pid}-${randomBytes(4).toString('hex')}`;
  const kinds = Object.keys(handlers);
  const every = opts.every ?? {};
  const sideBySide = opts.sideBySide ?? {};

  let stopping = false;
  const current = new Map<JobRow, AbortController>();
  let wake: (() => void) | undefined;
  let quickLooks: number[] = [];
  const onEnqueue = (kind: string) => {
    if (!kinds.includes(kind)) return;
    quickLooks = [...WAKE_RETRIES_MS];
    wake?.();
  };
  enqueued.on('job', onEnqueue);

  const sleep = (ms: number) => new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      wake = undefined;
      resolve();
    }
    wake = done;
  });

  async function runOne(job: JobRow): Promise<void> {
    const handler = handlers[job.kind]!;
    const lastAttempt = job.attempts >= maxAttempts;
    if (job.attempts > maxAttempts) {
      // Claimed again after its lease lapsed too often: its worker keeps dying on it.
      await failJob(db, job, job.lastError ?? 'worker stopped responding', { final: true, retryInMs: 0 });
      return;
    }
    // Claimed as the worker began to stop: back to the queue untried.
    if (stopping) return releaseJob(db, job);
    const controller = new AbortController();
    current.set(job, controller);
    let leaseLost = false;
    const renew = setInterval(() => {
      renewLease(db, job, leaseMs).then((ok) => {
        if (!ok && !controller.signal.aborted) {
          leaseLost = true;
          controller.abort(new Error('job lease lost'));
        }
      }, (e: unknown) => log.warn({ err: e, jobId: job.id }, 'job lease renewal failed'));
    }, Math.max(10, Math.floor(leaseMs / 3)));
    const everyMs = every[job.kind];
    try {
      await handler({ job, signal: controller.signal, lastAttempt, log });
      if (everyMs !== undefined) await rearmJob(db, job, everyMs, null);
      else await completeJob(db, job);
    } catch (e) {
      if (leaseLost) log.warn({ jobId: job.id }, 'job lease lost; left to its new worker');
      else if (stopping && controller.signal.aborted) await releaseJob(db, job);
      else if (everyMs !== undefined) {
        // A scheduled run that failed is simply the next run's to do.
        log.error({ err: e, jobId: job.id, kind: job.kind }, 'scheduled job failed');
        await rearmJob(db, job, everyMs, (e instanceof Error ? e.message : String(e)).slice(0, 2000));
      } else {
        const final = lastAttempt || e instanceof PermanentJobError;
        log.error({ err: e, jobId: job.id, kind: job.kind, attempts: job.attempts, final }, 'job failed');
        await failJob(db, job, e instanceof Error ? e.message : String(e), {
          final,
          retryInMs: Math.min(maxBackoffMs, backoffMs * 2 ** (job.attempts - 1)),
        });
      }
    } finally {
      clearInterval(renew);
      current.delete(job);
    }
  }

  const loop = (async () => {
    for (const kind of Object.keys(every)) {
      await scheduleJob(db, kind).catch((e: unknown) => log.error({ err: e, kind }, 'job scheduling failed'));
    }
    while (!stopping) {
      let job: JobRow | undefined;
      try {
        job = await claimJob(db, { kinds, workerId, leaseMs });
        if (job) {
          const more = await claimMoreJobs(db, { kind: job.kind, workerId, leaseMs, limit: (sideBySide[job.kind] ?? 1) - 1 });
          const ran = await Promise.allSettled([job, ...more].map(runOne));
          for (const r of ran) if (r.status === 'rejected') log.error({ err: r.reason, workerId }, 'job worker error');
        }
      } catch (e) {
        log.error({ err: e, workerId }, 'job worker error');
      }
      if (stopping || job) continue;
      await sleep(quickLooks.shift() ?? pollMs);
    }
  })();

  return {
    workerId,
    /** The jobs being handled, for the shutdown report. */
    running: () => [...current.keys()].map((j) => ({ id: String(j.id), kind: j.kind })),
    async stop() {
      stopping = true;
      enqueued.off('job', onEnqueue);
      for (const controller of current.values()) controller.abort(new Error('worker stopping'));
      wake?.();
      await loop;
    },
  };
}
