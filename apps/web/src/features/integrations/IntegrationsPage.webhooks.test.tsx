import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { WEBHOOK_MSG, type Webhook, type WebhookDelivery } from '@eo/contract';
import { renderPage } from '../../test/render-page';
import { actAs, forgetOrganization } from '../../test/organizations';
import { json, mockApi } from '../../test/mock-api';
import { IntegrationsPage } from './IntegrationsPage';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetOrganization();
});

const ID = '55555555-5555-4555-8555-555555555555';
const DELIVERY = '66666666-6666-4666-8666-666666666666';
const base = '/v1/organization/webhooks';
const hook: Webhook = { id: ID, url: 'https://contoh.id/kait', events: ['registration.created', 'checkin.created'], enabled: true, failingSince: null, createdAt: '2026-11-10T03:00:00.000Z' };
const delivery: WebhookDelivery = {
  id: DELIVERY, eventType: 'checkin.created', status: 'failed', responseStatus: 503, attempts: 4, nextAttemptAt: null, lastError: 'HTTP 503',
  createdAt: '2026-11-10T04:00:00.000Z', deliveredAt: null,
};
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body ?? 'null')) as unknown;
const page = (docs: WebhookDelivery[]) => json(200, { data: { docs, page: 1, limit: 10, totalDocs: docs.length, totalPages: 1 } });

function open() {
  const r = renderPage(<IntegrationsPage />);
  actAs(r.client, 'owner');
  return r;
}

describe('IntegrationsPage: webhooks', () => {
  it('lists the endpoints with their events and state', async () => {
    mockApi({ [`GET ${base}`]: () => json(200, { data: { docs: [{ ...hook, failingSince: '2026-11-11T03:00:00.000Z' }] } }) });
    open();
    await screen.findByText('https://contoh.id/kait');
    screen.getByRole('heading', { name: 'Integrasi' });
    screen.getByText('Pendaftaran baru');
    screen.getByText('Check-in');
    screen.getByText('Gagal sejak 11 Nov 2026 10:00');
    expect(screen.getByRole('switch', { name: /Nonaktifkan/ }).getAttribute('aria-checked')).toBe('true');
  });

  it('adds one with the events ticked, and shows its secret once, with a copy button', async () => {
    const api = mockApi({
      [`GET ${base}`]: () => json(200, { data: { docs: [] } }),
      [`POST ${base}`]: () => json(201, { message: WEBHOOK_MSG.created, data: { result: { id: ID, secret: 'whsec_cmFoYXNpYQ==' } } }),
    });
    const { user } = open();
    await screen.findByText('Belum ada webhook.');
    await user.click(screen.getByRole('button', { name: /Tambah webhook/ }));
    const dialog = await screen.findByRole('dialog');
    // Nothing ticked: the contract's message, and nothing sent.
    await user.type(within(dialog).getByRole('textbox', { name: 'URL' }), 'https://contoh.id/kait');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await within(dialog).findByText(WEBHOOK_MSG.eventsRequired);
    expect(api.calls().some((c) => c.key === `POST ${base}`)).toBe(false);
    await user.click(within(dialog).getByRole('checkbox', { name: /Pendaftaran dibatalkan/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Sertifikat terbit/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(api.calls().some((c) => c.key === `POST ${base}`)).toBe(true));
    expect(bodyOf(api.calls().find((c) => c.key === `POST ${base}`)!.init)).toEqual({ url: 'https://contoh.id/kait', events: ['registration.cancelled', 'certificate.issued'] });
    expect((await within(dialog).findByRole('textbox', { name: 'Secret webhook' }) as HTMLTextAreaElement).value).toBe('whsec_cmFoYXNpYQ==');
    await user.click(within(dialog).getByRole('button', { name: /Salin/ }));
    await within(dialog).findByRole('button', { name: /Disalin/ });
  });

  it('shows the server\'s refusal of a private address on the URL field', async () => {
    mockApi({
      [`GET ${base}`]: () => json(200, { data: { docs: [] } }),
      [`POST ${base}`]: () => json(400, { message: WEBHOOK_MSG.urlPrivate, messageId: 'VALIDATION_ERROR', errors: [{ message: WEBHOOK_MSG.urlPrivate, path: 'url' }] }),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: /Tambah webhook/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'URL' }), 'http://localhost:8080/kait');
    await user.click(within(dialog).getByRole('checkbox', { name: /Check-in/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await within(dialog).findByText(WEBHOOK_MSG.urlPrivate);
  });

  it('switches one off, opens its deliveries, retries a failed one and sends a test event', async () => {
    const api = mockApi({
      [`GET ${base}`]: () => json(200, { data: { docs: [hook] } }),
      [`PATCH ${base}/${ID}`]: () => json(200, { message: WEBHOOK_MSG.updated, data: { result: { ...hook, enabled: false } } }),
      [`GET ${base}/${ID}/deliveries`]: () => page([delivery]),
      [`POST ${base}/${ID}/deliveries/${DELIVERY}/retry`]: () => json(202, { data: { result: { ...delivery, status: 'pending' } } }),
      [`POST ${base}/${ID}/test`]: () => json(202, { data: { result: { ...delivery, id: ID, eventType: 'webhook.test', status: 'pending' } } }),
    });
    const { user } = open();
    await user.click(await screen.findByRole('switch', { name: /Nonaktifkan/ }));
    await waitFor(() => expect(api.calls().some((c) => c.key === `PATCH ${base}/${ID}`)).toBe(true));
    expect(bodyOf(api.calls().find((c) => c.key === `PATCH ${base}/${ID}`)!.init)).toEqual({ enabled: false });

    await user.click(screen.getByRole('button', { name: 'Pengiriman https://contoh.id/kait' }));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('503');
    within(drawer).getByText('Gagal');
    within(drawer).getByText('4');
    await user.click(within(drawer).getByRole('button', { name: 'Kirim ulang' }));
    await waitFor(() => expect(api.calls().some((c) => c.key === `POST ${base}/${ID}/deliveries/${DELIVERY}/retry`)).toBe(true));
    await user.click(within(drawer).getByRole('button', { name: /Kirim event uji/ }));
    await waitFor(() => expect(api.calls().some((c) => c.key === `POST ${base}/${ID}/test`)).toBe(true));
  });

  it('deletes after confirming', async () => {
    const api = mockApi({
      [`GET ${base}`]: () => json(200, { data: { docs: [hook] } }),
      [`DELETE ${base}/${ID}`]: () => json(200, { message: WEBHOOK_MSG.deleted, data: { result: hook } }),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Hapus https://contoh.id/kait' }));
    await user.click(await screen.findByRole('button', { name: 'Hapus' }));
    await waitFor(() => expect(api.calls().some((c) => c.key === `DELETE ${base}/${ID}`)).toBe(true));
  });
});
