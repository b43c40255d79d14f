import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, lockDataDir } from './data-dir-lock.js';

const dir = mkdtempSync(path.join(tmpdir(), 'eo-lock-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the DATA_DIR lock', () => {
  it('refuses a second holder in this process and takes over a lock whose process is gone', () => {
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(/is in use by process/);
    release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: 2 ** 22 + 12345, command: 'server.ts', since: '2026-01-01' }));
    const again = lockDataDir(dir);
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    again();
  });
});
