import { parseArgs } from 'node:util';
import { maintenanceSchema } from '@eo/contract';
import { BACKUP_USAGE, runBackupCommand } from './backup/backup-command.js';
import { loadConfig, loadStorageConfig } from './config/env.js';
import type { Db } from './db/client.js';
import { openConfiguredDatabase } from './db/open.js';
import { startEmbeddedPostgres } from './db/embedded-postgres.js';
import { openStore } from './lib/storage/open-store.js';
import { isDatabaseEmpty } from './seed/demo-accounts.js';
import { seedDemo } from './seed/demo-seed.js';
import { writeMaintenance } from './modules/maintenance/maintenance.repository.js';
import { setApproval } from './modules/events/events.service.js';
import { isUuid } from './lib/ids.js';
import { createUser } from './modules/users/users.service.js';
import { setWithdrawalStatus, unlockWithdrawals } from './modules/payouts/withdrawal-status.js';

/**
 * The admin actions of API.md from the command line: `npm run cli -- <command> [options]`.
 * Runs against the configured database (DATA_DIR or DATABASE_URL), migrated first.
 */
export const USAGE = `Usage: npm run cli -- <command> [options]

  create-user --email E --name N --password P --role eventOrganizer|globalAdmin
  maintenance --status true|false [--subtitle S] [--description D] [--ending E]
  approve-event --id EVENT_ID --status approved|rejected
  withdrawal-status --reference WD-… --status sent|failed
  withdrawal-unlock --coin EO_COIN_ID
  seed-demo                   the demo organization, into a database with no user yet (not migrated
                              first: a starting server runs it under its migration lock)
${BACKUP_USAGE}`;

export async function runCli(argv: string[], db: Db): Promise<string> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' },
      role: { type: 'string', multiple: true }, status: { type: 'string' }, subtitle: { type: 'string' },
      description: { type: 'string' }, ending: { type: 'string' }, id: { type: 'string' },
      reference: { type: 'string' }, coin: { type: 'string' },
    },
  });
  switch (command) {
    case 'create-user': {
      const { email, name, password, role } = values;
      if (!email || !name || !password || !role?.length) throw new Error(USAGE);
      if (password.length < 8) throw new Error('Password must have at least 8 characters');
      const id = await createUser(db, { email, name, password, roles: role });
      return `created user ${email} (${id})`;
    }
    case 'maintenance': {
      const value = maintenanceSchema.parse({
        status: values.status, subtitle: values.subtitle ?? '', description: values.description ?? '', ending: values.ending ?? '',
      });
      await writeMaintenance(db, value);
      return `maintenance ${value.status === 'true' ? 'on' : 'off'}`;
    }
    case 'approve-event': {
      if (!values.id || (values.status !== 'approved' && values.status !== 'rejected')) throw new Error(USAGE);
      if (!isUuid(values.id) || !(await setApproval(db, values.id, values.status))) throw new Error(`no event ${values.id}`);
      return `event ${values.id} ${values.status}`;
    }
    case 'withdrawal-status': {
      const { reference, status } = values;
      if (!reference || (status !== 'sent' && status !== 'failed')) throw new Error(USAGE);
      // No user behind a command line: the audit row's actor is empty and its action says what happened.
      await setWithdrawalStatus(db, null, reference, status);
      return `withdrawal ${reference} ${status}`;
    }
    case 'withdrawal-unlock': {
      if (!values.coin) throw new Error(USAGE);
      await unlockWithdrawals(db, null, values.coin);
      return `withdrawals of coin account ${values.coin} unlocked`;
    }
    default:
      throw new Error(USAGE);
  }
}

/** Seeds the demo into the configured database if it has no user yet (see seed/seed-in-child.ts). */
async function seedDemoCommand(): Promise<string> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config, { attach: true });
  try {
    if (!(await isDatabaseEmpty(database.db))) return 'The database has users already: nothing seeded.';
    const storage = await openStore(config);
    try {
      const started = Date.now();
      const seeded = await seedDemo(database.db, storage);
      return `Seeded the demo organization: ${seeded.events} events, ${seeded.registrants} registrants (${Date.now() - started} ms).`;
    } finally {
      await storage.close();
    }
  } finally {
    await database.close();
  }
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv[0] === 'backup' || argv[0] === 'restore') {
    // Only where the data lives: nothing is created in DATA_DIR before a restore looks at it.
    const storage = loadStorageConfig();
    if (storage.databaseUrl) {
      console.log(await runBackupCommand(argv, storage.databaseUrl, storage));
      return;
    }
    // The embedded database: the running server's cluster, joined, or one started for the command.
    const server = await startEmbeddedPostgres(storage.dataDir, { attach: true, log: (line) => console.error(line) });
    try {
      console.log(await runBackupCommand(argv, server.url, storage));
    } finally {
      await server.stop();
    }
    return;
  }
  if (argv[0] === 'seed-demo') {
    console.log(await seedDemoCommand());
    return;
  }
  // Beside a running server, its embedded database is joined, not refused.
  const database = await openConfiguredDatabase(loadConfig(), { attach: true });
  try {
    await database.migrate();
    console.log(await runCli(argv, database.db));
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
