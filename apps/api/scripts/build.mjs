// The production build of the API (docs/operations.md): one ESM bundle per entry in apps/api/dist,
// run with plain `node` (no tsx). Our code, @eo/contract (TypeScript source) and drizzle-orm are
// bundled; every other npm package stays external and is loaded from node_modules at run time, so
// native modules (sharp, @napi-rs/canvas, argon2), the PostgreSQL binaries and pino's worker threads
// find their files as they always do. Files read at run time (migrations, gazetteer, web build) are
// found from the package root (src/lib/api-root.ts), so nothing is copied here.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const api = path.resolve(import.meta.dirname, '..');
// `node build.mjs [outdir]`: the tests build their own copy inside apps/api (test/api-bundle.ts),
// where it finds the package root and node_modules as dist/ does.
const outdir = path.resolve(process.argv[2] ?? path.join(api, 'dist'));
rmSync(outdir, { recursive: true, force: true });

/**
 * Packages bundled with our code. drizzle-orm is pure JavaScript in about 430 ES modules under a
 * 180 KB package.json; Node 24 reads that file again for each of them, and loading them from
 * node_modules left an idle server at about 300 MB (a 128 MB young generation grown while they
 * loaded) where the bundled ones leave about 126 (docs/performance.md).
 */
const bundled = (spec) => spec.startsWith('@eo/') || spec === 'drizzle-orm' || spec.startsWith('drizzle-orm/');
/** Bare imports are external, except the packages above. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (bundled(args.path) ? undefined : { path: args.path, external: true }));
  },
};

const started = Date.now();
const result = await build({
  entryPoints: ['server', 'worker', 'cli', 'source-maps'].map((e) => path.join(api, 'src', `${e}.ts`)),
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // The entries share most of their code: one copy of it, in chunks the entries import.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [externalPackages],
  // No `require` banner: every package is external (imported by node itself), and the bundled
  // code (ours, @eo/contract) calls no CommonJS require (fonts.ts makes its own with createRequire).
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.entries(result.metafile.outputs).filter(([f]) => f.endsWith('.js')).reduce((n, [, o]) => n + o.bytes, 0);
console.log(`API built in ${Date.now() - started} ms: ${path.relative(process.cwd(), outdir)} (${(bytes / 1024).toFixed(0)} KB of JavaScript)`);
