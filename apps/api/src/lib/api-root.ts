import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The apps/api folder, found by walking up from this code to the `@eo/api` package.json. The
 * same code runs from its sources (tsx, tests: apps/api/src/lib) and from the production bundle
 * (apps/api/dist/*.js, where every module's import.meta.dirname is dist/). The files the API
 * reads at run time (migrations, the gazetteer, the web build) are named from this root, so the
 * bundle reads the very files the sources do and the build copies nothing.
 */
function findApiRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@eo/api') return dir;
    if (path.dirname(dir) === dir) throw new Error(`The @eo/api package.json was not found above ${from}`);
  }
}

export const API_ROOT = findApiRoot(import.meta.dirname);

/** A path inside apps/api, e.g. `apiPath('src/db/migrations')`. */
export const apiPath = (...parts: string[]): string => path.join(API_ROOT, ...parts);
