import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkBudget, PUBLIC_ENTRIES, publicEntrySizes, ROUTER_FILE, WEB_ROOT, routeSizes, routesFromRouter, type Manifest } from '../scripts/bench/web-size.js';

/**
 * The size budget of the web app's first loads is checked on the real build by
 * `node --import tsx scripts/bench/web.ts --check`, which scripts/test-all.mjs runs right after
 * the web build. These tests keep that check honest: it finds the real routes, it follows static
 * imports and not dynamic ones, and it fails over budget.
 */
describe('web first-load budget', () => {
  const routes = routesFromRouter(readFileSync(ROUTER_FILE, 'utf8'), ROUTER_FILE, WEB_ROOT);
  const byPath = new Map(routes.map((r) => [r.path, r.modules]));

  it('reads every route of the router with the lazy modules it loads', () => {
    expect(routes.length).toBeGreaterThanOrEqual(15);
    // /login is in the entry (no lazy module); the dashboard routes load the layout first.
    expect(byPath.get('/login')).toEqual([]);
    expect(byPath.get('/')).toEqual(['src/app/layout/AppLayout', 'src/features/dashboard/OverviewPage']);
    expect(byPath.get('/event/active/overview/:id')).toEqual(['src/app/layout/AppLayout', 'src/features/events/overview/EventOverviewPage']);
    // A route some roles may not use loads its guard with the page.
    expect(byPath.get('/certificate/create')).toEqual(['src/app/layout/AppLayout', 'src/features/organization/components/RequireAction', 'src/features/certificates/CertificateFormPage']);
    expect(byPath.get('/payout')).toEqual(['src/app/layout/AppLayout', 'src/features/organization/components/RequireAction', 'src/features/payouts/PayoutPage']);
    for (const r of routes) {
      for (const m of r.modules) expect(['.tsx', '.ts'].some((ext) => existsSync(path.join(WEB_ROOT, m + ext))), `${r.path}: ${m}`).toBe(true);
    }
  });

  const manifest: Manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], dynamicImports: ['src/app/layout/AppLayout.tsx'] },
    '_react.js': { file: 'assets/react.js' },
    '_antd.js': { file: 'assets/antd.js', imports: ['_react.js'] },
    '_charts.js': { file: 'assets/charts.js' },
    'src/app/layout/AppLayout.tsx': { file: 'assets/layout.js', isDynamicEntry: true, imports: ['_antd.js'] },
    'src/features/dashboard/OverviewPage.tsx': { file: 'assets/overview.js', isDynamicEntry: true, imports: ['_antd.js'], dynamicImports: ['src/charts.tsx'] },
    'src/charts.tsx': { file: 'assets/charts-tab.js', isDynamicEntry: true, imports: ['_charts.js'] },
  };
  const sizes: Record<string, number> = { 'assets/index.js': 50_000, 'assets/react.js': 60_000, 'assets/antd.js': 100_000, 'assets/layout.js': 10_000, 'assets/overview.js': 5_000, 'assets/charts.js': 900_000, 'assets/charts-tab.js': 1_000 };
  const sizeOf = (file: string) => ({ bytes: sizes[file] * 3, gzipBytes: sizes[file] });

  it('counts the entry, the route chunks and their static imports, not dynamic imports', () => {
    const [login, overview] = routeSizes(manifest, [
      { path: '/login', modules: [] },
      { path: '/', modules: ['src/app/layout/AppLayout', 'src/features/dashboard/OverviewPage'] },
    ], sizeOf);
    expect(login.files.sort()).toEqual(['assets/index.js', 'assets/react.js']);
    expect(login.gzipBytes).toBe(110_000);
    expect(overview.files.sort()).toEqual(['assets/antd.js', 'assets/index.js', 'assets/layout.js', 'assets/overview.js', 'assets/react.js']);
    expect(overview.gzipBytes).toBe(225_000);
    expect(overview.files).not.toContain('assets/charts.js');
  });

  it('fails /login over 200 KB and any other route over 450 KB, and a route table without /login', () => {
    const routesOf = (loginKb: number, otherKb: number) => {
      sizes['assets/react.js'] = loginKb * 1000 - 50_000;
      sizes['assets/overview.js'] = (otherKb - loginKb) * 1000 - 100_000 - 10_000;
      const all = routeSizes(manifest, [
        { path: '/login', modules: [] },
        ...Array.from({ length: 12 }, (_, i) => ({ path: `/r${i}`, modules: ['src/app/layout/AppLayout', 'src/features/dashboard/OverviewPage'] })),
      ], sizeOf);
      return all;
    };
    expect(checkBudget(routesOf(200, 450))).toEqual([]);
    expect(checkBudget(routesOf(201, 450))).toEqual(['/login: 201.0 KB gzipped JS on first load, budget 200 KB']);
    expect(checkBudget(routesOf(200, 451))).toHaveLength(12);
    expect(checkBudget(routesOf(150, 300).filter((r) => r.path !== '/login'))).toEqual(['no /login route found in the router']);
    expect(checkBudget(routesOf(150, 300).slice(0, 5))).toEqual(['only 5 routes found in the router']);
  });

  it('measures a public page as its own entry beside index.html, with its own budget (90 KB for the twibbon maker, the event page and the e-ticket\'s attendance form)', () => {
    const twibbon = PUBLIC_ENTRIES.find((p) => p.path === '/t/:customKey')!;
    const register = PUBLIC_ENTRIES.find((p) => p.path === '/e/:eventId')!;
    const attendance = PUBLIC_ENTRIES.find((p) => p.path === '/e/:eventId/ticket/:ticketCode')!;
    const frame = PUBLIC_ENTRIES.find((p) => p.path === '/e/:eventId/embed')!;
    expect(attendance).toEqual({ path: '/e/:eventId/ticket/:ticketCode', entry: 'src/public/attendance/main.ts', budgetKb: 90 });
    expect(twibbon).toEqual({ path: '/t/:customKey', entry: 'src/public/twibbon/main.ts', budgetKb: 90 });
    expect(register).toEqual({ path: '/e/:eventId', entry: 'src/public/register/main.ts', budgetKb: 90 });
    for (const p of PUBLIC_ENTRIES) expect(existsSync(path.join(WEB_ROOT, p.entry))).toBe(true);
    const withPublic: Manifest = {
      ...manifest,
      [twibbon.entry]: { file: 'assets/twibbon.js', isEntry: true, imports: ['_texts.js'] },
      [register.entry]: { file: 'assets/register.js', isEntry: true },
      [attendance.entry]: { file: 'assets/attendance.js', isEntry: true },
      [frame.entry]: { file: 'assets/embedFrame.js', isEntry: true },
      '_texts.js': { file: 'assets/texts.js' },
    };
    Object.assign(sizes, { 'assets/twibbon.js': 6_000, 'assets/texts.js': 1_000, 'assets/react.js': 60_000, 'assets/register.js': 3_000, 'assets/attendance.js': 1_000, 'assets/embedFrame.js': 400 });
    // The dashboard's routes still start from index.html, not from the public entry.
    const [login] = routeSizes(withPublic, [{ path: '/login', modules: [] }], sizeOf);
    expect(login.files.sort()).toEqual(['assets/index.js', 'assets/react.js']);
    const [page, form, presensi, embedFrame] = publicEntrySizes(withPublic, sizeOf);
    expect(page).toMatchObject({ path: '/t/:customKey', files: ['assets/twibbon.js', 'assets/texts.js'], gzipBytes: 7_000, budgetKb: 90, over: false, publicEntry: true });
    expect(form).toMatchObject({ path: '/e/:eventId', files: ['assets/register.js'], gzipBytes: 3_000, budgetKb: 90, over: false, publicEntry: true });
    const dashboard = Array.from({ length: 12 }, (_, i) => ({ ...login, path: i ? `/r${i}` : '/login' }));
    expect(embedFrame).toMatchObject({ path: '/e/:eventId/embed', files: ['assets/embedFrame.js'], gzipBytes: 400, over: false, publicEntry: true });
    expect(checkBudget([...dashboard, page, form, presensi, embedFrame])).toEqual([]);
    sizes['assets/twibbon.js'] = 90_000;
    expect(checkBudget([...dashboard, ...publicEntrySizes(withPublic, sizeOf)])).toEqual(['/t/:customKey: 91.0 KB gzipped JS on first load, budget 90 KB']);
    // A public entry missing from the build fails the check instead of passing vacuously.
    expect(checkBudget([...dashboard, ...publicEntrySizes(manifest, sizeOf)])).toEqual([
      '/t/:customKey: implausibly small first load (0.0 KB)', '/e/:eventId: implausibly small first load (0.0 KB)',
      '/e/:eventId/ticket/:ticketCode: implausibly small first load (0.0 KB)', '/e/:eventId/embed: implausibly small first load (0.0 KB)',
    ]);
  });
});
