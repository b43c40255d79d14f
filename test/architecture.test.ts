import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The one-way imports of DESIGN.md are lint's now (docs/architecture.md, Import boundaries; eslint.config.js): the contract
 * imports nothing of ours; web components/lib → features → app, no feature imports another; api
 * routes → service → repository, no module imports another's repository; no cycles. This file
 * keeps what lint does not say:
 * - that those rules still see the imports: they only judge imports they can resolve, so a
 *   resolver that stopped resolving (`./x.js` → `./x.ts`) would let every violation through in
 *   silence. A probe file of each kind, never written to disk, must fail;
 * - only config/env.ts reads process.env in the API (a text check: no lint rule is set for it).
 */
const root = path.resolve(import.meta.dirname, '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : files(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const rel = (p: string) => path.relative(root, p).replaceAll(path.sep, '/');

describe('architecture', () => {
  it('lint rejects an import across each boundary', { timeout: 60_000 }, async () => {
    const eslint = new ESLint({ cwd: root });
    const probes = [
      ['apps/api/src/modules/auth/probe.routes.ts', "import './auth.repository.js';", 'arch/api-layers'],
      ['apps/api/src/modules/auth/probe.repository.ts', "import './auth.service.js';", 'arch/api-layers'],
      ['apps/api/src/modules/users/probe.service.ts', "import '../auth/auth.repository.js';", 'arch/api-modules'],
      ['apps/web/src/features/review/probe.ts', "import '../events/list-params';", 'arch/web-features'],
      ['apps/web/src/lib/probe.ts', "import '../features/review/ReviewPage';", 'arch/web-features'],
      ['packages/contract/src/probe.ts', "import '../../../apps/api/src/lib/ids.js';", 'arch/contract'],
    ];
    const found: [string, unknown][] = [];
    for (const [filePath, code, rule] of probes) {
      const [result] = await eslint.lintText(`${code}\n`, { filePath: path.join(root, filePath) });
      found.push([filePath, result.messages.some((m) => m.ruleId === rule) ? rule : result.messages.map((m) => m.message)]);
    }
    expect(found).toEqual(probes.map(([filePath, , rule]) => [filePath, rule]));
  });

  it('only config/env.ts reads process.env in the API', () => {
    const readers = files(path.join(root, 'apps/api/src'))
      .filter((f) => readFileSync(f, 'utf8').includes('process.env'))
      .map(rel);
    expect(readers).toEqual(['apps/api/src/config/env.ts']);
  });
});
