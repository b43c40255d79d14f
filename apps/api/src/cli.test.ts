import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, tokenFor, until, type TestApp } from '../test/harness.js';
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
});
