import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { API_KEY_MSG, ORGANIZATION_HEADER, type ApiKey } from '@eo/contract';
import { json, mockApi } from '../../test/mock-api';
import { renderPage } from '../../test/render-page';
import { actAs, forgetOrganization, ORG_ID } from '../../test/organizations';
import { IntegrationsPage } from './IntegrationsPage';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetOrganization();
});

const URL_KEYS = '/v1/organization/api-keys';
const crm: ApiKey = {
  id: '55555555-5555-4555-8555-555555555555', name: 'Integrasi CRM', prefix: 'eo_live_Ab12Cd34', scopes: ['events.read', 'participants.read'],
  createdAt: '2026-11-01T03:00:00.000Z', lastUsedAt: '2026-11-20T04:30:00.000Z',
};
const door: ApiKey = { ...crm, id: '66666666-6666-4666-8666-666666666666', name: 'Pintu', prefix: 'eo_live_Zz99Yy88', scopes: ['checkins.write'], lastUsedAt: null };
const NEW_KEY = `eo_live_${'N'.repeat(32)}`;
const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body ?? 'null')) as unknown;

function open() {
  const r = renderPage(<IntegrationsPage />);
  actAs(r.client, 'owner');
  return r;
}

describe('IntegrationsPage: API keys', () => {
  it('lists the keys: name, prefix, scopes, last used (WIB) or never, for the active organization', async () => {
    const api = mockApi({ [`GET ${URL_KEYS}`]: () => json(200, { data: { docs: [crm, door] } }) });
    open();
    await screen.findByText('Integrasi CRM');
    screen.getByRole('heading', { name: 'Integrasi', level: 1 });
    screen.getByRole('heading', { name: 'Kunci API', level: 2 });
    screen.getByText('eo_live_Ab12Cd34…');
    screen.getByText('participants.read');
    screen.getByText('20 Nov 2026 11:30');
    screen.getByText('Belum pernah');
    const listed = api.calls().find((c) => c.key === `GET ${URL_KEYS}`)!;
    expect((listed.init?.headers as Record<string, string>)[ORGANIZATION_HEADER]).toBe(ORG_ID);
  });

  it('creates a key with a name and scopes, then shows it once with a copy button and a warning', async () => {
    let docs = [crm];
    const api = mockApi({
      [`GET ${URL_KEYS}`]: () => json(200, { data: { docs } }),
      [`POST ${URL_KEYS}`]: () => {
        docs = [crm, door];
        return json(201, { message: API_KEY_MSG.created, data: { result: { id: door.id, key: NEW_KEY } } });
      },
    });
    const { user } = open();
    await screen.findByText('Integrasi CRM');
    await user.click(screen.getByRole('button', { name: /Buat kunci API/ }));
    const dialog = await screen.findByRole('dialog');
    // Nothing chosen: the form's own messages, no call.
    await user.click(within(dialog).getByRole('button', { name: 'Buat kunci' }));
    await within(dialog).findByText(API_KEY_MSG.nameRequired);
    await within(dialog).findByText(API_KEY_MSG.scopesRequired);
    expect(api.calls().some((c) => c.key === `POST ${URL_KEYS}`)).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'Nama' }), 'Pintu');
    await user.click(within(dialog).getByRole('checkbox', { name: /checkins\.write/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Buat kunci' }));
    await within(dialog).findByRole('textbox', { name: 'Kunci API' });
    expect(bodyOf(api.calls().find((c) => c.key === `POST ${URL_KEYS}`)!.init)).toEqual({ name: 'Pintu', scopes: ['checkins.write'] });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Kunci API' }).value).toBe(NEW_KEY);
    within(dialog).getByText(/tidak akan ditampilkan lagi/);
    await user.click(within(dialog).getByRole('button', { name: /Salin/ }));
    // user-event's clipboard stands in for the browser's.
    await screen.findByText('Kunci disalin');
    expect(await navigator.clipboard.readText()).toBe(NEW_KEY);
    // The list is read again; closing forgets the key.
    await screen.findByText('Pintu');
    await user.click(within(dialog).getByRole('button', { name: 'Selesai' }));
    await user.click(screen.getByRole('button', { name: /Buat kunci API/ }));
    const again = await screen.findByRole('dialog');
    await waitFor(() => expect(within(again).getByRole<HTMLInputElement>('textbox', { name: 'Nama' }).value).toBe(''));
    expect(within(again).queryByRole('textbox', { name: 'Kunci API' })).toBeNull();
  });

  it('shows the API\'s refusal of a new key in the dialog', async () => {
    mockApi({
      [`GET ${URL_KEYS}`]: () => json(200, { data: { docs: [] } }),
      [`POST ${URL_KEYS}`]: () => json(403, { message: 'Peran Anda di organisasi ini tidak mengizinkan tindakan ini', messageId: 'FORBIDDEN_ROLE' }),
    });
    const { user } = open();
    await screen.findByText('Belum ada kunci API.');
    await user.click(screen.getByRole('button', { name: /Buat kunci API/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nama' }), 'Coba');
    await user.click(within(dialog).getByRole('checkbox', { name: /events\.read/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Buat kunci' }));
    await within(dialog).findByText('Peran Anda di organisasi ini tidak mengizinkan tindakan ini');
  });

  it('revokes a key after confirmation', async () => {
    let docs = [crm, door];
    const api = mockApi({
      [`GET ${URL_KEYS}`]: () => json(200, { data: { docs } }),
      [`DELETE ${URL_KEYS}/${door.id}`]: () => {
        docs = [crm];
        return json(200, { message: API_KEY_MSG.revoked, data: { result: { ...door, revokedAt: '2026-11-21T03:00:00.000Z' } } });
      },
    });
    const { user } = open();
    await screen.findByText('Pintu');
    await user.click(screen.getByRole('button', { name: 'Cabut Pintu' }));
    expect(api.calls().some((c) => c.key.startsWith('DELETE'))).toBe(false);
    await screen.findByText('Cabut kunci Pintu? Aplikasi yang memakainya langsung ditolak.');
    await user.click(screen.getByRole('button', { name: 'Ya, cabut' }));
    await waitFor(() => expect(api.calls().some((c) => c.key === `DELETE ${URL_KEYS}/${door.id}`)).toBe(true));
    await screen.findByText(API_KEY_MSG.revoked);
    await waitFor(() => expect(screen.queryByText('Pintu')).toBeNull());
  });
});
