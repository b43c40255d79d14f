import type { Maintenance } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { maintenance } from '../../db/schema/index.js';

const OFF: Maintenance = { status: 'false', subtitle: '', description: '', ending: '' };

export async function readMaintenance(db: DbOrTx): Promise<Maintenance> {
  const row = await db.query.maintenance.findFirst();
  if (!row) return OFF;
  return { status: row.status === 'true' ? 'true' : 'false', subtitle: row.subtitle, description: row.description, ending: row.ending };
}

export async function writeMaintenance(db: DbOrTx, value: Maintenance): Promise<void> {
  const row = { id: 1, ...value, updatedAt: new Date() };
  await db.insert(maintenance).values(row).onConflictDoUpdate({ target: maintenance.id, set: row });
}
