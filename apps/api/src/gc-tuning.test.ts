import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getHeapSpaceStatistics } from 'node:v8';
import { collectStartupGarbage, V8_FLAGS } from './gc-tuning.js';

const accepted = (flag: string) => spawnSync(process.execPath, [flag, '-e', '0'], { encoding: 'utf8' }).status === 0;

describe('the API process V8 options', () => {
  // setFlagsFromString ignores an option V8 does not know: a renamed one would silently stop applying.
  it('are options this Node knows (its command line refuses unknown ones)', () => {
    expect(accepted('--no-such-v8-option-at-all')).toBe(false);
    for (const flag of V8_FLAGS) expect(accepted(flag), flag).toBe(true);
  });

  it('are set by server.ts before any other module of its runs', () => {
    const source = readFileSync(path.join(import.meta.dirname, 'server.ts'), 'utf8');
    const imports = [...source.matchAll(/^import\s[^;]*?['"]([^'"]+)['"];?$/gm)].map((m) => m[1]);
    expect(imports[0]).toBe('./gc-tuning.js');
  });
});

describe('collectStartupGarbage', () => {
  const youngGeneration = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!.space_size;

  // Node 20's V8 does not shrink the young generation in this collection (see gc-tuning.ts).
  it.skipIf(Number(process.versions.node.split('.')[0]) < 22)('gives back the young generation that startup grew', () => {
    // Objects that survive young collections while they are made grow the young generation.
    const rows: unknown[] = [];
    for (let i = 0; i < 400_000; i++) rows.push({ i, text: `row ${i}` });
    rows.length = 0;
    const grown = youngGeneration();
    collectStartupGarbage();
    expect(youngGeneration()).toBeLessThan(grown / 4);
  });
});
