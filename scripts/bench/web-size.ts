/**
 * Per-route first-load JavaScript of the built web app, after gzip, from Vite's build manifest
 * (`apps/web/dist/.vite/manifest.json`, `build.manifest: true`).
 *
 * A route's first load is the entry (index.html) plus the lazy chunks of the route and of its
 * parent routes (the layout), each with its static imports, transitively. Dynamic imports are
 * not part of it: they load later (a tab, a chart, an export).
 *
 * Routes and their lazy modules are read from the router's source (apps/web/src/app/router.tsx)
 * with the TypeScript parser: every `{ path | index, lazy }` object, where `lazy` is an inline
 * function or a name/call of a const in the same file, and every `import('…')` inside it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';

export const LOGIN_BUDGET_KB = 200;
export const ROUTE_BUDGET_KB = 450;

/**
 * Public pages built as entries of their own beside the dashboard's index.html (no
 * antd, no router shell), each with its budget: its first load is the entry and its static imports.
 */
export const PUBLIC_ENTRIES: readonly { path: string; entry: string; budgetKb: number }[] = [
  { path: '/t/:customKey', entry: 'src/public/twibbon/main.ts', budgetKb: 90 },
  { path: '/e/:eventId', entry: 'src/public/register/main.ts', budgetKb: 90 },
  // The e-ticket page's attendance form (online events).
  { path: '/e/:eventId/ticket/:ticketCode', entry: 'src/public/attendance/main.ts', budgetKb: 90 },
  // The embedded form's frame script (its form's own script is /e/:eventId's); /embed.js is a build of its own (e2e/embed.spec.ts).
  { path: '/e/:eventId/embed', entry: 'src/public/embed/frame.ts', budgetKb: 90 },
];

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface RouteModules {
  /** Full path, e.g. `/event/active/overview/:id`. */
  path: string;
  /** Lazy modules loaded for the route, outermost first, relative to the web app (`src/…`). */
  modules: string[];
}

export interface RouteSize extends RouteModules {
  files: string[];
  bytes: number;
  gzipBytes: number;
  /** What a browser accepting br actually downloads: the build's .br files as the server sends them. */
  servedBytes: number;
  budgetKb: number;
  over: boolean;
  /** A public page's own entry (PUBLIC_ENTRIES), not a route of the dashboard. */
  publicEntry?: boolean;
}

/** Routes of the router source, with the lazy modules each one loads (its own and its parents'). */
export function routesFromRouter(source: string, routerFile: string, webRoot: string): RouteModules[] {
  const sf = ts.createSourceFile(routerFile, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const consts = new Map<string, ts.Node>();
  const visitConsts = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) consts.set(node.name.text, node.initializer);
    ts.forEachChild(node, visitConsts);
  };
  visitConsts(sf);

  const importsIn = (node: ts.Node, seen = new Set<string>()): string[] => {
    const found: string[] = [];
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] && ts.isStringLiteral(n.arguments[0])) {
        found.push(n.arguments[0].text);
      } else if (ts.isIdentifier(n) && consts.has(n.text) && !seen.has(n.text)) {
        seen.add(n.text);
        found.push(...importsIn(consts.get(n.text)!, seen));
      }
      ts.forEachChild(n, visit);
    };
    visit(node);
    return found;
  };

  const toModule = (spec: string) => {
    const abs = path.resolve(path.dirname(routerFile), spec);
    return path.relative(webRoot, abs).replaceAll(path.sep, '/');
  };

  const prop = (obj: ts.ObjectLiteralExpression, name: string) =>
    obj.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name);

  const routes: RouteModules[] = [];
  const walk = (list: ts.ArrayLiteralExpression, parentPath: string, parentModules: string[]) => {
    for (const el of list.elements) {
      if (!ts.isObjectLiteralExpression(el)) continue;
      const pathProp = prop(el, 'path');
      // A path given by a constant of another module is shown by its name.
      const own = !pathProp ? undefined : ts.isStringLiteral(pathProp.initializer) ? pathProp.initializer.text : `/{${pathProp.initializer.getText(sf)}}`;
      const full = own === undefined ? parentPath : own.startsWith('/') ? own : `${parentPath.replace(/\/$/, '')}/${own}`;
      const lazy = prop(el, 'lazy');
      const modules = [...parentModules, ...(lazy ? importsIn(lazy.initializer).map(toModule) : [])];
      const children = prop(el, 'children');
      if (children && ts.isArrayLiteralExpression(children.initializer)) walk(children.initializer, full || parentPath, modules);
      else if (own !== undefined || prop(el, 'index')) routes.push({ path: full || '/', modules });
    }
  };
  const visitRouter = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'createBrowserRouter' && node.arguments[0] && ts.isArrayLiteralExpression(node.arguments[0])) {
      walk(node.arguments[0], '', []);
    } else ts.forEachChild(node, visitRouter);
  };
  visitRouter(sf);
  return routes;
}

/** Manifest keys of a chunk and its static imports, transitively (dynamic imports excluded). */
export function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`chunk ${key} is not in the build manifest`);
    seen.add(key);
    for (const i of chunk.imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return [...seen];
}

/** The dashboard's entry: index.html, beside which the public pages' entries are built. */
export function entryKey(manifest: Manifest): string {
  if (manifest['index.html']?.isEntry) return 'index.html';
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry && !PUBLIC_ENTRIES.some((p) => p.entry === k));
  if (entries.length !== 1) throw new Error(`expected one dashboard entry in the manifest, found ${entries.length}`);
  return entries[0];
}

type SizeOf = (file: string) => { bytes: number; gzipBytes: number; servedBytes?: number };

/** The raw, gzipped and served bytes of `files` together. */
function totalOf(files: string[], sizeOf: SizeOf) {
  const total = { bytes: 0, gzipBytes: 0, servedBytes: 0 };
  for (const f of files) {
    const s = sizeOf(f);
    total.bytes += s.bytes;
    total.gzipBytes += s.gzipBytes;
    total.servedBytes += s.servedBytes ?? s.bytes;
  }
  return total;
}

/** First-load JS of each public page's entry; an entry missing from the build counts as empty (checkBudget fails it). */
export function publicEntrySizes(manifest: Manifest, sizeOf: (file: string) => { bytes: number; gzipBytes: number; servedBytes?: number }, entries = PUBLIC_ENTRIES): RouteSize[] {
  return entries.map((p) => {
    const files = manifest[p.entry] ? staticClosure(manifest, [p.entry]).map((k) => manifest[k].file).filter((f) => f.endsWith('.js')) : [];
    const { bytes, gzipBytes, servedBytes } = totalOf(files, sizeOf);
    return { path: p.path, modules: [p.entry], files, bytes, gzipBytes, servedBytes, budgetKb: p.budgetKb, over: gzipBytes > p.budgetKb * 1000, publicEntry: true };
  });
}

/** First-load JS of each route; `sizeOf(file)` gives the raw and gzipped bytes of a built file. */
export function routeSizes(manifest: Manifest, routes: RouteModules[], sizeOf: (file: string) => { bytes: number; gzipBytes: number; servedBytes?: number }): RouteSize[] {
  const entry = entryKey(manifest);
  return routes.map((r) => {
    const keys = r.modules.map((m) => {
      const key = ['', '.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts'].map((ext) => m + ext).find((k) => manifest[k]);
      if (!key) throw new Error(`route ${r.path}: lazy module ${m} is not in the build manifest`);
      return key;
    });
    const files = staticClosure(manifest, [entry, ...keys]).map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
    const { bytes, gzipBytes, servedBytes } = totalOf(files, sizeOf);
    const budgetKb = r.path === '/login' ? LOGIN_BUDGET_KB : ROUTE_BUDGET_KB;
    return { ...r, files, bytes, gzipBytes, servedBytes, budgetKb, over: gzipBytes > budgetKb * 1000 };
  });
}

const root = path.resolve(import.meta.dirname, '../..');
export const WEB_ROOT = path.join(root, 'apps/web');
export const WEB_DIST = path.join(WEB_ROOT, 'dist');
export const ROUTER_FILE = path.join(WEB_ROOT, 'src/app/router.tsx');

/** Reads the manifest of apps/web/dist and the router; gzip at zlib's default level, as Vite reports it. */
export function measureDist(dist = WEB_DIST, routerSource = readFileSync(ROUTER_FILE, 'utf8')): RouteSize[] {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const routes = routesFromRouter(routerSource, ROUTER_FILE, WEB_ROOT);
  const cache = new Map<string, { bytes: number; gzipBytes: number; servedBytes: number }>();
  // The server sends x.js.br to a browser that accepts br, else x.js.gz, else x.js.
  const served = (file: string, raw: number) => {
    for (const ext of ['.br', '.gz']) if (existsSync(path.join(dist, file + ext))) return statSync(path.join(dist, file + ext)).size;
    return raw;
  };
  const sizeOf = (file: string) => {
    if (!cache.has(file)) {
      const buf = readFileSync(path.join(dist, file));
      cache.set(file, { bytes: buf.length, gzipBytes: gzipSync(buf).length, servedBytes: served(file, buf.length) });
    }
    return cache.get(file)!;
  };
  return [...routeSizes(manifest, routes, sizeOf), ...publicEntrySizes(manifest, sizeOf)];
}

export const kb = (bytes: number) => (bytes / 1000).toFixed(1);

/**
 * The budget check (scripts/test-all.mjs runs it after the web build): fails over budget, and
 * also when the route table looks wrong (no /login, too few routes), so it cannot pass vacuously.
 */
export function checkBudget(sizes = measureDist()): string[] {
  const problems: string[] = [];
  const routes = sizes.filter((r) => !r.publicEntry);
  if (!routes.some((r) => r.path === '/login')) problems.push('no /login route found in the router');
  if (routes.length < 10) problems.push(`only ${routes.length} routes found in the router`);
  for (const r of sizes) {
    // A public page's script is meant to be tiny: only its absence is suspicious.
    if (r.publicEntry ? r.files.length === 0 : r.files.length === 0 || r.gzipBytes < 10_000) problems.push(`${r.path}: implausibly small first load (${kb(r.gzipBytes)} KB)`);
    if (r.over) problems.push(`${r.path}: ${kb(r.gzipBytes)} KB gzipped JS on first load, budget ${r.budgetKb} KB`);
  }
  return problems;
}
