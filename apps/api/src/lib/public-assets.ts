import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A public page's script and CSS, as the web build's manifest names them. */
export interface EntryAssets { script?: string; css: string[] }

/**
 * The built files of one entry of the web build (its key in `dist/.vite/manifest.json`, e.g.
 * `src/public/register/main.ts`); none without a build (tests, the API alone): the page is whole
 * without them, only the script's work is missing.
 */
export function entryAssets(webDist: string | undefined, entry: string): EntryAssets {
  const file = webDist && path.join(webDist, '.vite/manifest.json');
  if (!file || !existsSync(file)) return { css: [] };
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { file: string; css?: string[] }>;
  const found = manifest[entry];
  return found ? { script: `/${found.file}`, css: (found.css ?? []).map((c) => `/${c}`) } : { css: [] };
}

/** The `<head>` tags of an entry's files. */
export const assetTags = (assets: EntryAssets, escape: (s: string) => string) => [
  ...assets.css.map((c) => `<link rel="stylesheet" href="${escape(c)}">`),
  ...(assets.script ? [`<script type="module" src="${escape(assets.script)}"></script>`] : []),
].join('\n');
