import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { costLine, costPerRequest, processCpuMs, processesCpuMs } from '../scripts/bench/cpu.js';

describe('the scale bench CPU a request (scripts/bench/cpu.ts)', () => {
  it('reads a process CPU time, growing with work, and none for a process that is not there', () => {
    const before = processCpuMs(process.pid)!;
    expect(before).toBeGreaterThan(0);
    let x = 0;
    // Until the kernel has counted at least two ticks more (10 ms each), however busy the machine.
    while (processCpuMs(process.pid)! < before + 20) x += Math.sqrt(x + 1);
    expect(x).toBeGreaterThan(0);
    expect(processCpuMs(2 ** 22 + 12345)).toBeUndefined();
  });

  it('sums the processes of a name (this one among them)', () => {
    const name = readFileSync('/proc/self/comm', 'utf8').trim();
    const own = processCpuMs(process.pid)!;
    expect(processesCpuMs(name)).toBeGreaterThanOrEqual(own);
    expect(processesCpuMs('no-such-process-name')).toBe(0);
  });

  it('divides each side by the requests, and prints the sides measured', () => {
    const cost = costPerRequest({ apiMs: 100, dbMs: 50, loadMs: 20 }, { apiMs: 200, dbMs: 80, loadMs: 30 }, 1000);
    expect(cost).toEqual({ apiUs: 100, dbUs: 30, loadUs: 10 });
    expect(costLine(cost)).toBe('API 100 µs + PostgreSQL 30 µs + load 10 µs');
    // The embedded database: no server of its own to read.
    expect(costLine(costPerRequest({ apiMs: 0, loadMs: 0 }, { apiMs: 90, loadMs: 10 }, 1000))).toBe('API 90 µs + load 10 µs');
    expect(costPerRequest({ apiMs: 0, loadMs: 0 }, { apiMs: 90, loadMs: 10 }, 0)).toEqual({ apiUs: undefined, dbUs: undefined, loadUs: 0 });
    expect(costLine(undefined)).toBe('');
  });
});
