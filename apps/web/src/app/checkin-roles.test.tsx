import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { CHECKIN_TEXT as T, ORG_FRAME_TEXT, type EventDetail, type OrgRole } from '@eo/contract';
import { EventOverviewPage } from '../features/events/overview/EventOverviewPage';
import { RequireAction } from '../features/organization/components/RequireAction';
import { eventDetailFixture } from '../test/event-detail';
import { json, mockApi } from '../test/mock-api';
import { actAs, forgetOrganization } from '../test/organizations';
import { renderPage } from '../test/render-page';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetOrganization();
});

const event = (over: Partial<EventDetail> = {}) => eventDetailFixture({ id: 'e1', name: 'Konser Kampus', registrationMethod: 'internal', approvedStatus: 'approved', ...over });

async function overviewAs(role: OrgRole, detail: EventDetail) {
  mockApi({ 'GET /v1/events/detail': () => json(200, { data: { result: detail } }) });
  const { client, user } = renderPage(<EventOverviewPage group="active" />, {
    path: '/event/active/overview/:id', route: '/event/active/overview/e1', stubs: { '/event/:id/checkin': 'check-in page' },
  });
  actAs(client, role);
  await screen.findByText('General Information');
  return user;
}
const checkinButton = () => screen.queryByRole('button', { name: new RegExp(`${T.open}$`) });

describe('the Check-in button on the overview', () => {
  it('is shown to staff (and owner, admin) on an internally registered event, and opens the screen', async () => {
    for (const role of ['owner', 'admin'] as const) {
      await overviewAs(role, event());
      await waitFor(() => expect(checkinButton()).toBeTruthy());
      cleanup();
      forgetOrganization();
    }
    const user = await overviewAs('staff', event());
    await waitFor(() => expect(checkinButton()).toBeTruthy());
    await user.click(checkinButton()!);
    await screen.findByText('check-in page');
  });

  it('is hidden from finance, and on an event registering elsewhere', async () => {
    await overviewAs('finance', event());
    expect((await screen.findAllByText('Konser Kampus')).length).toBeGreaterThan(0);
    expect(checkinButton()).toBeNull();
    cleanup();
    forgetOrganization();
    await overviewAs('staff', event({ registrationMethod: 'external', registrationUrl: 'https://contoh.id' }));
    expect((await screen.findAllByText('Konser Kampus')).length).toBeGreaterThan(0);
    expect(checkinButton()).toBeNull();
  });
});

describe('the screen\'s guard', () => {
  it('finance gets the no-access page; staff the screen', async () => {
    const finance = renderPage(<RequireAction action="checkin"><p>check-in screen</p></RequireAction>);
    actAs(finance.client, 'finance');
    await screen.findByText(ORG_FRAME_TEXT.noAccessTitle);
    expect(screen.queryByText('check-in screen')).toBeNull();
    cleanup();
    forgetOrganization();
    const staff = renderPage(<RequireAction action="checkin"><p>check-in screen</p></RequireAction>);
    actAs(staff.client, 'staff');
    await screen.findByText('check-in screen');
  });
});
