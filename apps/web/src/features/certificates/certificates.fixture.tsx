import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { CERT_DEFAULTS, type Certificate, type TemplateObject } from '@eo/contract';
import { renderPage as renderScreen } from '../../test/render-page';

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const page = <T,>(docs: T[], totalDocs = docs.length) => json(200, { data: { docs, page: 1, limit: 10, totalDocs, totalPages: Math.ceil(totalDocs / 10) } });

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response> | undefined;

/** Stubs fetch with `METHOD /path` handlers; unknown calls answer an empty page. */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (url: URL, init: RequestInit = {}) => {
    const handler = handlers[`${init.method ?? 'GET'} ${url.pathname}`];
    return (await handler?.(url, init)) ?? page([]);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies sent to `METHOD /path`. */
export const sentBodies = (fetchMock: ReturnType<typeof mockApi>, key: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => `${init?.method ?? 'GET'} ${(url as URL).pathname}` === key)
    .map(([, init]) => JSON.parse(String(init?.body)));

const STUBS = { '/certificate': 'certificate list', '/certificate/create': 'create page', '/certificate/edit/:id': 'edit page' };

/** Renders a certificate screen at `route`, with the other certificate screens as stubs. */
export const renderPage = (ui: ReactElement, { path = '/', route = '/' }: { path?: string; route?: string } = {}) =>
  renderScreen(ui, { path, route, stubs: STUBS });

const object = (key: TemplateObject['key'], start: [number, number], end: [number, number], size: number, charLength: number): TemplateObject => ({
  key, placeholder: { start, end }, anchor: { horizontal: 'middle', vertical: 'middle' },
  textStyle: { font: 'Poppins', size, color: 'FFD600', charLength }, type: 'text',
});

export const certificate = (over: Partial<Certificate> = {}): Certificate => ({
  id: 'c1', status: 'drafted', event: { id: 'e1', name: 'Webinar Keuangan' }, eventName: 'Webinar Keuangan', recipientType: 'csv',
  recipientCsv: { fileUrl: '/files/csv/peserta.csv', fileName: 'Peserta Batch 1.csv', recipientNameColumn: 'Nama', recipientEmailColumn: 'Email', totalRecipient: 12, columns: ['Nama', 'Email'] },
  totalRecipient: 12, templateBackgroundUrl: '/files/templates/t.png', serialNumberPrefix: 'WK-2026', groupName: 'Peserta Batch 1',
  templateObjects: [object('recipientName', [400, 600], [1600, 826], 110, 20), object('serialNumber', [600, 900], [1400, 1000], 60, 25)],
  progress: { done: 0, total: 12, failed: 0 }, createdAt: '2026-11-21T03:00:00.000Z', updatedAt: '2026-11-21T03:00:00.000Z', ...over,
});

export const SAMPLE = CERT_DEFAULTS.sampleName;

/** A signed-in organizer, as the lists' scoping reads it. */
export function signIn() {
  localStorage.setItem('eo.user', JSON.stringify({ email: 'organizer@demo.id', profile: { userId: 'u-1', name: 'Demo', userLevel: { level: 'eo' } } }));
}
