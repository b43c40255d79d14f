import { pino } from 'pino';
import { createJobModules, jobDefinitions } from './background-jobs.js';
import { ConfigError, loadConfig } from './config/env.js';
import { openConfiguredDatabase } from './db/open.js';
import { workerJobs } from './jobs/job-definition.js';
import { startWorker } from './jobs/queue.js';
import { openStore } from './lib/storage/open-store.js';
import { createMailer } from './lib/mailer.js';
import { HARD_STOP_GRACE_MS, killAfter } from './lib/hard-stop.js';
import { exitAfterLogs, logStream } from './lib/log-stream.js';

/**
 * The worker-only process of a deployment (docs/operations.md): the background jobs (certificate
 * publishing, mails, the scheduled ones) with no HTTP listener, beside API processes started with
 * JOB_WORKERS=0. It runs JOB_WORKERS workers (default 1). SIGTERM stops them: a running job's
 * handler is aborted between steps and the job goes back to the queue at once (its steps are
 * recorded, so the next worker resumes it); a process killed outright loses its jobs only until
 * their lease (JOB_LEASE_SECONDS) lapses and another worker takes them over.
 */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError('Invalid configuration:\n  DATABASE_URL: the worker process shares a PostgreSQL database with the API processes (the embedded database is one process\'s: run the server alone, with JOB_WORKERS ≥ 1)');
  }
  if (config.jobWorkers < 1) throw new ConfigError('Invalid configuration:\n  JOB_WORKERS: a worker process runs at least 1 worker (0 is for API processes)');
  const tty = process.stdout.isTTY;
  const log = pino({
    level: config.logLevel,
    base: { pid: process.pid, role: 'worker' },
    ...(tty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'hostname' } } } : {}),
  }, tty ? undefined : logStream());
  const database = await openConfiguredDatabase(config);
  // Under the migration lock: a worker starting beside API processes on a new database takes its turn.
  await database.migrate();
  const mailer = createMailer(config, log);
  const storage = await openStore(config);
  const definitions = jobDefinitions(createJobModules({ db: database.db, storage, mailer, config }));
  const workers = Array.from({ length: config.jobWorkers }, () => startWorker({ db: database.db, ...workerJobs(definitions), log, leaseMs: config.jobLeaseMs }));
  log.info({ workers: workers.map((w) => w.workerId), kinds: definitions.map((d) => d.id), leaseMs: config.jobLeaseMs }, 'worker process started');

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // As the API's shutdown (lib/shutdown.ts): a stop the main thread cannot hold up.
    killAfter(config.shutdownTimeoutMs + HARD_STOP_GRACE_MS);
    const running = workers.flatMap((w) => w.running());
    log.info({ signal, running }, running.length ? 'stopping: giving the running jobs back to the queue' : 'stopping: no job running');
    // Not unref'd: this timer is what ends a stop that hangs (a handler that ignores its signal).
    const bound = setTimeout(() => {
      log.error({ signal, running: workers.flatMap((w) => w.running()) }, `worker did not stop within ${config.shutdownTimeoutMs} ms; exiting`);
      exitAfterLogs(1);
    }, config.shutdownTimeoutMs);
    Promise.all(workers.map((w) => w.stop()))
      .then(() => mailer.close())
      .then(() => storage.close())
      .then(() => database.close())
      .then(() => {
        clearTimeout(bound);
        log.info({ signal }, 'worker process stopped');
        exitAfterLogs(0);
      }, (err: unknown) => {
        log.error({ err }, 'worker stop failed');
        exitAfterLogs(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
