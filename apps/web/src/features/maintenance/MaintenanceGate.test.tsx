import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { setMaintenanceFlag } from '../../lib/session-store';
import { MaintenanceGate, MAINTENANCE_PATH } from './MaintenanceGate';
import { getMaintenance, maintenanceQuery, MAINTENANCE_POLL_MS, MAINTENANCE_TIMEOUT_MS } from './api/get-maintenance';
import { returnPath } from './maintenance-return';

afterEach(() => vi.unstubAllGlobals());

const STATUS = { subtitle: 'Pemeliharaan', description: 'Sebentar', ending: 'Terima kasih' };

/** The API's maintenance answer, switchable during a test; every path visited is recorded. */
function setup(start: string, status: { on: boolean }) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(
    JSON.stringify({ data: { status: status.on ? 'true' : 'false', ...STATUS } }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  )));
  const visited: string[] = [];
  function Where() {
    const { pathname, search } = useLocation();
    visited.push(pathname + search);
    return <p>at {pathname + search}</p>;
  }
  const router = createMemoryRouter([
    { element: <MaintenanceGate />, children: [{ path: MAINTENANCE_PATH, element: <Where /> }, { path: '*', element: <Where /> }] },
  ], { initialEntries: [start] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}><RouterProvider router={router} /></QueryClientProvider>);
  return { visited, client };
}

describe('MaintenanceGate', () => {
  it('a stale stored flag does not lose the page: the server says off, /payout stays', async () => {
    setMaintenanceFlag(true);
    const { visited } = setup('/payout?tab=2', { on: false });
    await screen.findByText('at /payout?tab=2');
    expect(visited).not.toContain(MAINTENANCE_PATH);
  });

  it('while on, the page asked for waits on /maintenance and is opened again once it ends, without a reload', async () => {
    const status = { on: true };
    const { visited, client } = setup('/payout?tab=2', status);
    await screen.findByText('at /maintenance');
    status.on = false;
    // What the poll does every MAINTENANCE_POLL_MS.waiting.
    await act(() => client.refetchQueries({ queryKey: maintenanceQuery.queryKey }));
    await screen.findByText('at /payout?tab=2');
    expect(visited.filter((p) => p !== '/maintenance' && p !== '/payout?tab=2')).toEqual([]);
  });

  it('asks again within half a minute while maintenance is on or unknown, every minute otherwise', () => {
    const interval = maintenanceQuery.refetchInterval as (q: { state: { data?: { status: string } } }) => number;
    expect(interval({ state: { data: { status: 'true' } } })).toBe(MAINTENANCE_POLL_MS.waiting);
    expect(interval({ state: {} })).toBe(MAINTENANCE_POLL_MS.waiting);
    expect(MAINTENANCE_POLL_MS.waiting).toBeLessThanOrEqual(30_000);
    expect(interval({ state: { data: { status: 'false' } } })).toBe(60_000);
  });

  it('opened directly, /maintenance leads to the overview once maintenance is off', async () => {
    setup('/maintenance', { on: false });
    await screen.findByText('at /');
  });
});

describe('getMaintenance', () => {
  it('gives up on a hung answer, so the stored flag decides rather than an endless spinner', async () => {
    vi.stubGlobal('fetch', vi.fn((_url: URL, init: RequestInit) => new Promise((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    })));
    const started = Date.now();
    await expect(getMaintenance()).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(MAINTENANCE_TIMEOUT_MS - 50);
  });
});

describe('returnPath', () => {
  it('follows only a same-site page that is not /maintenance or /login', () => {
    expect(returnPath({ from: '/event/draft?page=2#x' })).toBe('/event/draft?page=2#x');
    for (const state of [null, undefined, {}, { from: 5 }, { from: '//evil.example' }, { from: 'https://evil.example' }, { from: '/maintenance' }, { from: '/login?from=/x' }]) {
      expect(returnPath(state)).toBe('/');
    }
  });
});
