import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { OrgRole } from '@eo/contract';
import { SideMenu } from './SideMenu';
import { ParticipantTab } from '../../features/events/overview/tabs/ParticipantTab';
import { eventDetailFixture } from '../../test/event-detail';
import { renderPage } from '../../test/render-page';
import { actAs, forgetOrganization, json } from '../../test/organizations';
import { allows, useCan, useCanDo } from '../../lib/use-can';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetOrganization();
});

function Probe() {
  const can = useCanDo();
  const money = useCan('money');
  return <p>{money === can('money') && (['money', 'participants.export', 'members', 'events.write'] as const).filter(can).join(',') || 'none'}</p>;
}

describe('useCan', () => {
  it('follows the active role, and lets a globalAdmin do everything', async () => {
    const cases: Array<[OrgRole, boolean, string]> = [
      ['staff', false, 'none'],
      ['finance', false, 'money,participants.export'],
      ['admin', false, 'participants.export,members,events.write'],
      ['staff', true, 'money,participants.export,members,events.write'],
    ];
    for (const [role, globalAdmin, shown] of cases) {
      const { client, unmount } = renderProbe();
      actAs(client, role, { globalAdmin });
      await screen.findByText(shown);
      unmount();
      forgetOrganization();
    }
  });

  it('hides nothing while no membership is known (the API decides)', () => {
    expect(allows([], undefined, 'money', false)).toBe(true);
    expect(allows([], undefined, 'money')).toBe(false);
  });
});

function renderProbe() {
  return { ...renderPage(<Probe />), unmount: cleanup };
}

describe('the menu and exports by role', () => {
  it('staff sees neither Penarikan Saldo, Event Certificate nor Anggota', async () => {
    const { client } = renderPage(<SideMenu />);
    actAs(client, 'staff');
    await waitFor(() => expect(screen.queryByText('Penarikan Saldo')).toBeNull());
    expect(screen.queryByText('Event Certificate')).toBeNull();
    expect(screen.queryByText('Anggota')).toBeNull();
    expect(screen.queryByText('Aktivitas')).toBeNull();
    expect(screen.queryByText('Integrasi')).toBeNull();
    screen.getByText('Dashboard');
  });

  it('finance sees Penarikan Saldo; an owner also Anggota and Aktivitas', async () => {
    const { client } = renderPage(<SideMenu />);
    actAs(client, 'finance');
    await screen.findByText('Penarikan Saldo');
    expect(screen.queryByText('Anggota')).toBeNull();
    actAs(client, 'owner');
    await screen.findByText('Anggota');
    screen.getByText('Aktivitas');
    screen.getByText('Integrasi');
  });

  it('the participant downloads are hidden from staff and shown to finance', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { data: { docs: [], page: 1, limit: 10, totalPages: 0, totalDocs: 0, questions: [] } })));
    const staff = renderPage(<ParticipantTab event={eventDetailFixture({ id: 'ev-1' })} />);
    actAs(staff.client, 'staff');
    await waitFor(() => expect(screen.queryByText('Get CSV Participants')).toBeNull());
    expect(screen.queryByText('Download Data')).toBeNull();
    cleanup();

    const finance = renderPage(<ParticipantTab event={eventDetailFixture({ id: 'ev-1' })} />);
    actAs(finance.client, 'finance');
    await screen.findByText('Get CSV Participants');
  });
});
