import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkRegistrants, questionEvent } from '../src/modules/participants/participants.fixture.js';
import { createUsers } from './fixtures.js';
import { createWorld, type World } from './real-server-world.js';
import { signIn, startServer, type ServerProcess } from './server-process.js';

/**
 * A server that gets SIGTERM must not stop listening and then never exit (sockets held open,
 * the data-dir lock kept). With browser-like keep-alive connections and an export the client
 * stopped reading, SIGTERM must still end the process within SHUTDOWN_TIMEOUT_SECONDS.
 * Runs on PostgreSQL: TEST_DATABASE_URL's server, or the embedded one.
 */
// ~12 MB of CSV: more than the kernel's socket buffers take while the client does not read.
const ROWS = 10_000;
const ANSWER = 'panjang '.repeat(150);
let world: World;
let server: ServerProcess | undefined;
let eventId: string;

beforeAll(async () => {
  world = await createWorld('shutdown');
  const database = await world.open();
  try {
    await database.migrate();
    const { org1 } = await createUsers(database.db);
    const e = await questionEvent(database.db, org1, 'Webinar Ekspor Panjang');
    await bulkRegistrants(database.db, e, ROWS, new Date('2026-11-01T03:00:00Z'));
    await database.db.execute(sql`update registrant_answers set value = to_jsonb(${ANSWER}::text) where question_id = ${e.questions.motivasi}::uuid`);
    eventId = e.eventId;
  } finally {
    await database.close();
  }
}, 240_000);

afterAll(async () => {
  await server?.kill();
  await world?.remove();
});

/** GET on a keep-alive agent; resolves with the status once the body is read. */
const get = (agent: http.Agent, url: string, token: string) => new Promise<number>((resolve, reject) => {
  http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
    res.resume();
    res.on('end', () => resolve(res.statusCode!));
  }).on('error', reject);
});

/** Starts the export and stops reading after the first chunk, like a stalled download. */
const stalledExport = (url: string, token: string) => new Promise<http.ClientRequest>((resolve, reject) => {
  const req = http.get(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
    expect(res.statusCode).toBe(200);
    res.once('data', () => {
      res.pause();
      resolve(req);
    });
  });
  req.on('error', () => { /* cut by the server on shutdown: expected */ });
  req.on('error', reject);
});

describe('bounded shutdown', () => {
  it('SIGTERM with idle keep-alive sockets and a stalled long export: the process exits, 0', async () => {
    server = await startServer(world.serverOptions({ SHUTDOWN_TIMEOUT_SECONDS: '6' }));
    const token = await signIn(server.base, 'organizer@demo.id');
    // A browser keeps up to six connections per host open between requests.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
    const statuses = await Promise.all(Array.from({ length: 12 }, () => get(agent, `${server!.base}/v1/events/total`, token)));
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(Object.values(agent.freeSockets).flat().length).toBeGreaterThan(1);
    const exportRequest = await stalledExport(`${server.base}/v1/event-regist/export?eventId=${eventId}&format=csv`, token);

    const code = await server.stop('SIGTERM');
    exportRequest.destroy();
    agent.destroy();
    expect(code).toBe(0);
    expect(server.output()).not.toContain('shutdown did not finish');
  }, 240_000);
});
