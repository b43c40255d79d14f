import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../../test/harness.js';
import { createUsers, PASSWORD, passwordHashed } from '../../../test/fixtures.js';
import { createUser } from '../users/users.service.js';
import { AuthService } from './auth.service.js';
import { ERROR_CODE } from '../../lib/errors.js';

/**
 * The throttle counts an attempt before the password is checked (so concurrent guesses
 * cannot outrun it), locks an (account, address) pair, and only slows the account as a whole, so
 * knowing an organizer's email is not enough to lock them out.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createUsers(t.database.db);
});
afterAll(() => t.close());

const newUser = async (email: string) => createUser(t.database.db, { email, name: 'Target', password: await passwordHashed(), roles: ['eventOrganizer'] });
const attempt = (email: string, password: string, ip: string) => login(t.app, email, password, ip);
const checked = (statuses: number[]) => statuses.filter((s) => s === 401).length;

describe('login throttle', () => {
  it('30 concurrent wrong passwords for one account from one address check at most 5 passwords', async () => {
    await newUser('raced@demo.id');
    const results = await Promise.all(Array.from({ length: 30 }, () => attempt('raced@demo.id', 'bad-password', '10.20.0.1')));
    const statuses = results.map((r) => r.status);
    expect(checked(statuses)).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(25);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });

  it('30 concurrent wrong passwords from 30 addresses check at most the account threshold, then slow down', async () => {
    await newUser('spread@demo.id');
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt('spread@demo.id', 'bad-password', `10.21.0.${i + 1}`)));
    const statuses = results.map((r) => r.status);
    // 10 failures are free, then one check per (growing) delay: the first slot is taken at once.
    expect(checked(statuses)).toBeLessThanOrEqual(t.config.login.accountSlowAfter + 1);
    const slowed = results.find((r) => r.status === 429)!;
    expect(slowed.body.messageId).toBe('TOO_MANY_REQUESTS');
  });

  it('an address hammering an account does not lock the owner out: a correct password from another address signs in', async () => {
    await newUser('victim@demo.id');
    for (let i = 0; i < 20; i++) expect([401, 429]).toContain((await attempt('victim@demo.id', 'bad-password', '10.22.0.1')).status);
    // The hammering address is locked for this account, even with the right password...
    const locked = await call(t.app, { method: 'POST', url: '/v1/login/email', remoteAddress: '10.22.0.1', payload: { email: 'victim@demo.id', password: PASSWORD } });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    // ...the owner, elsewhere, is not.
    expect((await attempt('victim@demo.id', PASSWORD, '10.22.0.2')).status).toBe(200);
  });

  it('the pair lock is per account: the same address still signs in to another account', async () => {
    await newUser('pair-a@demo.id');
    await newUser('pair-b@demo.id');
    for (let i = 0; i < 6; i++) await attempt('pair-a@demo.id', 'bad-password', '10.23.0.1');
    expect((await attempt('pair-a@demo.id', PASSWORD, '10.23.0.1')).status).toBe(429);
    expect((await attempt('pair-b@demo.id', PASSWORD, '10.23.0.1')).status).toBe(200);
  });

  it('a success from an address forgets that pair\'s failures', async () => {
    await newUser('typo@demo.id');
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await attempt('typo@demo.id', 'bad-password', '10.24.0.1')).status).toBe(401);
      expect((await attempt('typo@demo.id', PASSWORD, '10.24.0.1')).status).toBe(200);
    }
  });

  it('successful sign-ins do not use up an address\'s failure budget (many people behind one NAT)', async () => {
    const ip = '10.25.0.1';
    for (let i = 0; i < 55; i++) expect((await attempt('organizer2@demo.id', PASSWORD, ip)).status).toBe(200);
  });
});

describe('the account throttle slows, it never locks', () => {
  it('past the threshold each check waits a growing delay, capped; a correct password signs in once the delay has passed', async () => {
    await newUser('slowed@demo.id');
    const auth = new AuthService(t.database.db, t.config);
    const { accountSlowAfter, accountMaxDelaySeconds } = t.config.login;
    const input = (password: string) => ({ email: 'slowed@demo.id', password, platform: 'eo_dashboard' });
    let now = new Date('2030-01-01T00:00:00Z');
    for (let i = 0; i < accountSlowAfter; i++) {
      await expect(auth.login(input('bad-password'), `10.26.0.${i + 1}`, now)).rejects.toMatchObject({ code: ERROR_CODE.unauthorized });
    }
    const delays: number[] = [];
    for (let i = 0; i < 10; i++) {
      const ip = `10.26.1.${i + 1}`;
      await expect(auth.login(input('bad-password'), ip, now)).rejects.toMatchObject({ code: ERROR_CODE.unauthorized });
      const refused = await auth.login(input(PASSWORD), `10.26.2.${i + 1}`, now).then(() => null, (e) => e);
      expect(refused).toMatchObject({ code: ERROR_CODE.tooManyRequests });
      const wait = Number(refused.details.retryAfterSeconds);
      delays.push(wait);
      now = new Date(now.getTime() + wait * 1000);
    }
    expect(delays[0]).toBeGreaterThanOrEqual(1);
    expect(delays[1]).toBeGreaterThan(delays[0]);
    expect(Math.max(...delays)).toBeLessThanOrEqual(accountMaxDelaySeconds);
    // Never a lock: once the delay has passed, the owner's correct password signs in.
    await expect(auth.login(input(PASSWORD), '10.26.3.1', now)).resolves.toMatchObject({ user: { email: 'slowed@demo.id' } });
  });
});
