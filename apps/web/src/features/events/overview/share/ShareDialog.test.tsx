import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { fill, OVERVIEW_TEXT, SHARE_TEXT, type EventDetail } from '@eo/contract';
import { eventDetailFixture } from '../../../../test/event-detail';
import { renderPage } from '../../../../test/render-page';
import { EventOverviewPage } from '../EventOverviewPage';
import { isShareable, qrFileName, whatsappShareUrl } from './share-links';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const activeEvent = (over: Partial<EventDetail> = {}) => eventDetailFixture({
  id: 'e1', name: 'Lomba Esai & Puisi', isDraft: false, isPaidEvent: false, registrationMethod: 'internal', approvedStatus: 'approved',
  lastEventAt: '2099-01-01T00:00:00.000Z', type: 'Lomba', tickets: [], ...over,
});

function open(event: EventDetail) {
  vi.stubGlobal('fetch', vi.fn(async (url: URL) => (url.pathname === '/v1/events/detail' ? json({ data: { result: event } }) : json({ data: {} }))));
  return renderPage(<EventOverviewPage group="active" />, { path: '/event/active/overview/:id', route: '/event/active/overview/e1' });
}

describe('Bagikan on the event overview', () => {
  it('opens the public link, its QR code as a PNG to download and a WhatsApp share link', async () => {
    const { user } = open(activeEvent());
    await user.click(await screen.findByRole('button', { name: new RegExp(OVERVIEW_TEXT.share) }));
    const url = `${window.location.origin}/e/e1`;
    const input = await screen.findByLabelText(SHARE_TEXT.link);
    expect((input as HTMLInputElement).value).toBe(url);
    const wa = (await screen.findByText(SHARE_TEXT.whatsapp)).closest('a')!;
    expect(wa.getAttribute('href')).toBe(`https://wa.me/?text=${encodeURIComponent(fill(SHARE_TEXT.whatsappText, { name: 'Lomba Esai & Puisi', url }))}`);
    const qr = await screen.findByAltText(fill(SHARE_TEXT.qrAlt, { name: 'Lomba Esai & Puisi' }), {}, { timeout: 5000 });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const download = (await screen.findByText(SHARE_TEXT.downloadQr)).closest('a')!;
    await waitFor(() => expect(download.getAttribute('href')).toBe(qr.getAttribute('src')));
    expect(download.getAttribute('download')).toBe('qr-lomba-esai-puisi.png');
  });

  it('is offered only for a published, approved event', async () => {
    open(activeEvent({ approvedStatus: 'pending' }));
    await screen.findByText('EDIT EVENT');
    expect(screen.queryByRole('button', { name: new RegExp(OVERVIEW_TEXT.share) })).toBeNull();
    expect(isShareable({ isDraft: true, approvedStatus: 'approved' })).toBe(false);
    expect(isShareable({ isDraft: false, approvedStatus: 'rejected' })).toBe(false);
    expect(whatsappShareUrl('A', 'https://x/e/1')).toBe('https://wa.me/?text=A%0Ahttps%3A%2F%2Fx%2Fe%2F1');
    expect(qrFileName('!!!')).toBe('qr-event.png');
  });
});
