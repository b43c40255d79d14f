// The production build of the API (docs/operations.md): one ESM bundle per entry in apps/api/dist,
// run with plain `node` (no tsx). Our code and @eo/contract (TypeScript source) are bundled;
// every npm package stays external and is loaded from node_modules at run time, so native
// modules (sharp, @napi-rs/canvas, argon2), the PostgreSQL binaries and pino's worker threads find their
// files as they always do. Files read at run time (migrations, gazetteer, web build) are found
// from the package root (src/lib/api-root.ts), so nothing is copied here.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const api = path.resolve(import.meta.dirname, '..');
const outdir = path.join(api, 'dist');
rmSync(outdir, { recursive: true, force: true });

/** Bare imports are external, except our own workspace packages (@eo/*), which are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@eo/') ? undefined : { path: args.path, external: true }));
  },
};

const started = Date.now();
const result = await build({
  entryPoints: ['server', 'worker', 'cli'].map((e) => path.join(api, 'src', `${e}.ts`)),
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
