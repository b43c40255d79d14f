import { z } from 'zod';
import type { DbOrTx } from '../db/client.js';
import { enqueueJob, PermanentJobError, type JobContext, type JobHandler, type WorkerOptions } from './queue.js';

/**
 * What an enqueuer needs of a job: its id and its payload's schema. Kept apart from the handler
 * (documenso's jobs/definitions), so a service enqueues without importing what the job runs with.
 */
export interface JobType<P> { id: string; payload: z.ZodType<P> }

/** The payload of a job that takes none (a scheduled sweep): an empty object, nothing else accepted. */
export const noPayload = z.object({}).strict() as unknown as z.ZodType<Record<string, never>>;

/** A job the worker runs: its type and handler; a scheduled one also says how often it runs. */
export interface JobDefinition<P> extends JobType<P> {
  handler(payload: P, ctx: JobContext): Promise<void>;
  /** Scheduled: one row, claimed by one worker of all processes, run again this long after each run. */
  everyMs?: number;
  /** Jobs that mostly wait on another machine: how many one worker runs side by side. */
  sideBySide?: number;
}

/** Queues a job whose payload its schema accepts; inside the transaction that makes it necessary. */
export function enqueue<P>(db: DbOrTx, type: JobType<P>, payload: P, runAfter?: Date): Promise<string> {
  const job = jobRow(type, payload);
  return enqueueJob(db, job.kind, job.payload, runAfter);
}

/**
 * The `jobs` row of `enqueue` (kind and checked payload), for a repository that inserts it within
 * its own statement, so the job commits with that statement's writes and only when they happen;
 * `wakeWorkers(kind)` (queue.ts) once it has run.
 */
export function jobRow<P>(type: JobType<P>, payload: P): { kind: string; payload: object } {
  return { kind: type.id, payload: type.payload.parse(payload) as object };
}

/** The worker's handler of a definition: the payload is checked first; one its schema refuses never runs. */
export function handlerOf<P>(definition: JobDefinition<P>): JobHandler {
  return async (ctx) => {
    const parsed = definition.payload.safeParse(ctx.job.payload);
    if (!parsed.success) throw new PermanentJobError(`${definition.id}: payload refused: ${parsed.error.message}`);
    await definition.handler(parsed.data, ctx);
  };
}

/** `startWorker`'s dispatch table (by id) and schedule for a set of definitions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of jobs with different payloads
export function workerJobs(definitions: JobDefinition<any>[]): Pick<WorkerOptions, 'handlers' | 'every' | 'sideBySide'> {
  const handlers: Record<string, JobHandler> = {};
  const every: Record<string, number> = {};
  const sideBySide: Record<string, number> = {};
  for (const d of definitions) {
    handlers[d.id] = handlerOf(d);
    if (d.everyMs !== undefined) every[d.id] = d.everyMs;
    if (d.sideBySide !== undefined) sideBySide[d.id] = d.sideBySide;
  }
  return { handlers, every, sideBySide };
}
