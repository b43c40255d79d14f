import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One-way imports of DESIGN.md, checked on every file:
 * contract imports nothing of ours; web: components/lib → features → app, and a feature
 * never imports another feature; api: routes → service → repository (a repository never
 * imports a service or routes, a service never imports routes); only config/env.ts reads process.env.
 */
const root = path.resolve(import.meta.dirname, '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : files(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(/(?:from\s+|import\s*\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]);
  return found.filter((s) => s.startsWith('.')).map((s) => path.resolve(path.dirname(file), s));
}

const rel = (p: string) => path.relative(root, p).replaceAll(path.sep, '/');

describe('architecture', () => {
  it('the contract imports nothing from the apps', () => {
    const bad = files(path.join(root, 'packages/contract/src')).flatMap((f) =>
      imports(f).filter((i) => !rel(i).startsWith('packages/contract/')).map((i) => `${rel(f)} → ${rel(i)}`));
    expect(bad).toEqual([]);
  });

  it('web: lib and components import no feature or app code; features import no other feature nor app', () => {
    const bad: string[] = [];
    for (const f of files(path.join(root, 'apps/web/src'))) {
      const from = rel(f);
      for (const i of imports(f).map(rel)) {
        const shared = from.startsWith('apps/web/src/lib/') || from.startsWith('apps/web/src/components/');
        if (shared && (i.startsWith('apps/web/src/features/') || i.startsWith('apps/web/src/app/'))) bad.push(`${from} → ${i}`);
        const feature = from.match(/^apps\/web\/src\/features\/([^/]+)\//)?.[1];
        if (feature) {
          const target = i.match(/^apps\/web\/src\/features\/([^/]+)\//)?.[1];
          if ((target && target !== feature) || i.startsWith('apps/web/src/app/')) bad.push(`${from} → ${i}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('api: repositories import no service or routes, services import no routes', () => {
    const bad: string[] = [];
    for (const f of files(path.join(root, 'apps/api/src'))) {
      const from = rel(f);
      for (const i of imports(f).map(rel)) {
        if (from.endsWith('.repository.ts') && /\.(service|routes)(\.js|\.ts)?$/.test(i)) bad.push(`${from} → ${i}`);
        if (from.endsWith('.service.ts') && /\.routes(\.js|\.ts)?$/.test(i)) bad.push(`${from} → ${i}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('only config/env.ts reads process.env in the API', () => {
    const readers = files(path.join(root, 'apps/api/src'))
      .filter((f) => readFileSync(f, 'utf8').includes('process.env'))
      .map(rel);
    expect(readers).toEqual(['apps/api/src/config/env.ts']);
  });
});
