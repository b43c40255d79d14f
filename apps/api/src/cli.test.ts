import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, tokenFor, until, type TestApp } from '../test/harness.js';
import { createEvent, createUsers, simpleEvent } from '../test/fixtures.js';
import { rowsOf } from './db/pg-results.js';
import { runCli, USAGE } from './cli.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

describe('cli', () => {
  it('creates a user who can sign in', async () => {
    const out = await runCli(['create-user', '--email', 'eo@baru.id', '--name', 'EO Baru', '--password', 'rahasia-123', '--role', 'eventOrganizer'], t.database.db);
    expect(out).toContain('created user eo@baru.id');
    const { token } = await tokenFor(t.app, 'eo@baru.id', 'rahasia-123');
    expect((await call(t.app, { method: 'GET', url: '/v1/roles/me', token })).body.data.docs).toEqual([{ role: { name: 'eventOrganizer' } }]);
    await expect(runCli(['create-user', '--email', 'EO@baru.id', '--name', 'x', '--password', 'rahasia-123', '--role', 'eventOrganizer'], t.database.db)).rejects.toThrow('already registered');
  });

  it('switches maintenance on and off', async () => {
    await runCli(['maintenance', '--status', 'true', '--subtitle', 'Perbaikan', '--description', 'Sebentar', '--ending', 'Terima kasih'], t.database.db);
    expect((await call(t.app, { method: 'GET', url: '/v1/maintenance' })).body.data).toEqual({ status: 'true', subtitle: 'Perbaikan', description: 'Sebentar', ending: 'Terima kasih' });
    await runCli(['maintenance', '--status', 'false'], t.database.db);
    // The app keeps the status it answered until the CLI's change is notified (maintenance.service.ts):
    // on a PostgreSQL server the notice comes over another connection, after the CLI's commit.
    expect(await until(async () => (await call(t.app, { method: 'GET', url: '/v1/maintenance' })).body.data.status === 'false')).toBe(true);
  });

  it('refuses unknown commands and bad options with the usage', async () => {
    await expect(runCli(['nope'], t.database.db)).rejects.toThrow(USAGE);
    await expect(runCli(['create-user', '--email', 'a@b.id'], t.database.db)).rejects.toThrow(USAGE);
    await expect(runCli(['maintenance', '--status', 'maybe'], t.database.db)).rejects.toThrow();
  });

  it('approves an event that exists, and says so when the id names none', async () => {
    const event = { id: await createEvent(t.database.db, (await createUsers(t.database.db)).org1, simpleEvent('Lewat CLI', { days: 10 })) };
    expect(await runCli(['approve-event', '--id', event.id, '--status', 'rejected'], t.database.db)).toBe(`event ${event.id} rejected`);
    const [row] = rowsOf<{ approved_status: string }>(await t.database.db.execute(sql`select approved_status from events where id = ${event.id}`));
    expect(row.approved_status).toBe('rejected');
    const unknown = '00000000-0000-4000-8000-000000000000';
    await expect(runCli(['approve-event', '--id', unknown, '--status', 'approved'], t.database.db)).rejects.toThrow(`no event ${unknown}`);
    await expect(runCli(['approve-event', '--id', 'not-an-id', '--status', 'approved'], t.database.db)).rejects.toThrow('no event not-an-id');
  });
});
