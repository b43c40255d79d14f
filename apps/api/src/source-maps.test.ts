import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import module from 'node:module';
import { buildSync } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(path.join(tmpdir(), 'eo-source-maps-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** The preload as the build makes it (tsx, which installs its own stack rewriting, stays out). */
const preload = path.join(dir, 'source-maps.js');
buildSync({ entryPoints: [path.join(import.meta.dirname, 'source-maps.ts')], outfile: preload, format: 'esm', platform: 'node', logLevel: 'silent' });

/** `thrower.ts` compiled to `<folder>/thrower.js` with its source map beside, as the API bundle is. */
function compiled(folder: string): string {
  const out = path.join(dir, folder, 'thrower.js');
  mkdirSync(path.dirname(out), { recursive: true });
  const source = path.join(dir, 'thrower.ts');
  buildSync({
    stdin: { contents: 'export function fail(): never {\n  throw new Error("boom");\n}\n', sourcefile: source, loader: 'ts' },
    outfile: out, format: 'esm', sourcemap: true, logLevel: 'silent',
  });
  return out;
}

/** The first stack line of the error thrown in `file`, in a node started with `args`. */
function stackOf(args: string[], file: string): string {
  const run = spawnSync(process.execPath, [...args, '--input-type=module', '-e',
    `import(${JSON.stringify(file)}).then((m) => m.fail()).catch((e) => console.log(e.stack.split('\\n')[1]))`], { encoding: 'utf8' });
  return run.stdout.trim();
}

describe('the source-map preload of `npm run serve`', () => {
  const ours = compiled('dist');

  it('names our TypeScript source in a stack trace', () => {
    expect(stackOf([], ours)).toContain('thrower.js');
    expect(stackOf(['--import', preload], ours)).toContain('thrower.ts:2');
  });

  // Node 20 has no such choice (`module.setSourceMapsSupport`) and maps every file.
  it.runIf('setSourceMapsSupport' in module)('leaves the maps of node_modules unread', () => {
    const theirs = compiled('node_modules/some-package');
    expect(stackOf(['--import', preload], theirs)).toContain('thrower.js');
  });
});
