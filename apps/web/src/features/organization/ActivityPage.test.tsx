import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { AuditEntry } from '@eo/contract';
import { renderPage } from '../../test/render-page';
import { actAs, forgetOrganization, ME, ORG_ID } from '../../test/organizations';
import { auditFilters } from './api/audit';
import { choose, json, mockApi } from './organization.fixture';
import { ActivityPage } from './ActivityPage';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetOrganization();
});

const base = `/v1/organizations/${ORG_ID}`;
const entry: AuditEntry = {
  id: 'a1', action: 'member.invited', actor: { userId: ME.userId, name: ME.name, email: ME.email }, apiKey: null, targetType: 'invitation', targetId: 'i1',
  summary: 'andi@panitia.id', ip: '203.0.113.7', userAgent: null, createdAt: '2026-11-21T03:05:00.000Z',
};

/** What an API key did: its maker, and the key beside them. */
const byKey: AuditEntry = {
  ...entry, id: 'a2', action: 'export.downloaded', createdAt: '2026-11-21T04:00:00.000Z', ip: '203.0.113.8', apiKey: { id: 'k1', name: 'Integrasi CRM', prefix: 'eo_live_Ab12Cd34' }, summary: 'Lomba Sains',
};

describe('ActivityPage', () => {
  it('shows the log with WIB time, who, the action label, summary and ip; the filters build the query', async () => {
    const api = mockApi({
      [`GET ${base}/audit`]: () => json(200, { data: { docs: [entry, byKey], page: 1, limit: 10, totalDocs: 2, totalPages: 1 } }),
      [`GET ${base}/members`]: () => json(200, { data: { docs: [{ userId: ME.userId, email: ME.email, name: ME.name, role: 'owner', joinedAt: entry.createdAt }], invitations: [] } }),
    });
    const { client } = renderPage(<ActivityPage />);
    actAs(client, 'owner');
    await screen.findByText('andi@panitia.id');
    screen.getByText('21 Nov 2026 10:05');
    screen.getByText('Mengundang anggota');
    screen.getByText('203.0.113.7');
    screen.getByText('lewat kunci API Integrasi CRM (eo_live_Ab12Cd34…)');

    const audits = () => api.calls().filter((c) => c.key === `GET ${base}/audit`).map((c) => c.url.searchParams);
    expect(audits()[0].get('filters')).toBeNull();
    expect(Object.fromEntries(audits()[0])).toMatchObject({ page: '1', limit: '10', sortBy: 'desc', sortParam: 'createdAt' });

    await choose('Filter aktivitas', 'Mengajukan event');
    await waitFor(() => expect(JSON.parse(audits().at(-1)!.get('filters') ?? '{}')).toEqual({ action: 'event.submitted' }));
    await choose('Filter anggota', ME.name);
    await waitFor(() => expect(JSON.parse(audits().at(-1)!.get('filters') ?? '{}')).toEqual({ action: 'event.submitted', userId: ME.userId }));
  });

  it('leaves out the filters not chosen', () => {
    expect(auditFilters({})).toBeUndefined();
    expect(auditFilters({ userId: 'u' })).toBe('{"userId":"u"}');
  });
});
