import { parseArgs } from 'node:util';
import type { FileLocation } from './data-files.js';
import type { DatabaseTarget } from './pg-target.js';
import { restoreBackup } from './restore-backup.js';
import { takeBackup } from './take-backup.js';

export const BACKUP_USAGE = `  backup [--out FILE]          one .tar.gz while the app runs: every table from one consistent snapshot, the files (the bucket's with STORAGE_URL), outbox, jwt secret
  restore --in FILE [--force]  into an EMPTY database, then migrated to this version; files into DATA_DIR or the bucket (--force replaces files already there)`;

/** `npm run cli -- backup [--out FILE]` and `restore --in FILE [--force]`: the lines to print. */
export async function runBackupCommand(argv: string[], database: DatabaseTarget, files: FileLocation): Promise<string> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({ args: rest, options: { out: { type: 'string' }, in: { type: 'string' }, force: { type: 'boolean' } } });
  if (command === 'backup' && !values.in && !values.force) return (await takeBackup(database, files, { out: values.out })).lines.join('\n');
  if (command === 'restore' && values.in && !values.out) return (await restoreBackup(database, files, { in: values.in, force: values.force })).lines.join('\n');
  throw new Error(`Usage:\n${BACKUP_USAGE}`);
}
