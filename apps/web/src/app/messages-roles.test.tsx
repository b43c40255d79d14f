import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { BROADCAST_TEXT as T, ORG_FRAME_TEXT, ORG_ROLES, type EventDetail, type OrgRole } from '@eo/contract';
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
    path: '/event/active/overview/:id', route: '/event/active/overview/e1', stubs: { '/event/:id/messages': 'messages page' },
  });
  actAs(client, role);
  await screen.findByText('General Information');
  return user;
}
const messagesButton = () => screen.queryByRole('button', { name: new RegExp(`${T.open}$`) });

describe('the Pesan button on the overview', () => {
  it('is shown to every role on an internally registered event (they all read the history), and opens the screen', async () => {
    for (const role of ORG_ROLES.filter((r) => r !== 'staff')) {
      await overviewAs(role, event());
      await waitFor(() => expect(messagesButton()).toBeTruthy());
      cleanup();
      forgetOrganization();
    }
    const user = await overviewAs('staff', event());
    await waitFor(() => expect(messagesButton()).toBeTruthy());
    await user.click(messagesButton()!);
    await screen.findByText('messages page');
  });

  it('is hidden on an event registering elsewhere, and on a draft', async () => {
    await overviewAs('owner', event({ registrationMethod: 'external', registrationUrl: 'https://contoh.id' }));
    expect((await screen.findAllByText('Konser Kampus')).length).toBeGreaterThan(0);
    expect(messagesButton()).toBeNull();
    cleanup();
    forgetOrganization();
    await overviewAs('owner', event({ isDraft: true }));
    expect((await screen.findAllByText('Konser Kampus')).length).toBeGreaterThan(0);
    expect(messagesButton()).toBeNull();
  });
});

describe('the screen\'s guard', () => {
  it('messages.read lets every role in', async () => {
    for (const role of ORG_ROLES) {
      const page = renderPage(<RequireAction action="messages.read"><p>messages screen</p></RequireAction>);
      actAs(page.client, role);
      await screen.findByText('messages screen');
      expect(screen.queryByText(ORG_FRAME_TEXT.noAccessTitle)).toBeNull();
      cleanup();
      forgetOrganization();
    }
  });
});
