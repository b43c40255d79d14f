import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { OFFER_TEXT as T } from '@eo/contract';
import { startOffer } from './offer';

/** The form as the offer page renders it (modules/public-registration/offer-page.ts). */
const FORM = `<form id="tawaran" data-token="Token_Tawaran-123456789" data-event="ev-1" novalidate>
<p class="err" id="tawaran-err" role="alert" hidden></p><button type="submit" id="tawaran-kirim">${T.accept}</button></form>`;
const json = (status: number, body: object) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  document.body.innerHTML = FORM;
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('the waiting-list offer\'s button', () => {
  it('takes the seat and opens the new e-ticket', async () => {
    const fetch = vi.fn(async () => json(201, { data: { result: { registrantId: 'r1', ticketCode: 'Kode_Baru-1234567890ab', status: 'confirmed' } } }));
    vi.stubGlobal('fetch', fetch);
    const open = vi.fn();
    startOffer(document.getElementById('tawaran') as HTMLFormElement, open);
    await userEvent.setup().click(screen.getByRole('button', { name: T.accept }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/e/ev-1/ticket/Kode_Baru-1234567890ab?baru=1'));
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toBe('/v1/public/waitlist-offers/Token_Tawaran-123456789/accept');
  });

  it('says why when refused (lapsed) and lets the button be pressed again', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(410, { message: 'Tawaran kursi ini sudah lewat waktunya', messageId: 'OFFER_EXPIRED' })));
    const open = vi.fn();
    startOffer(document.getElementById('tawaran') as HTMLFormElement, open);
    await userEvent.setup().click(screen.getByRole('button', { name: T.accept }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Tawaran kursi ini sudah lewat waktunya'));
    expect(open).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: T.accept }) as HTMLButtonElement).disabled).toBe(false);
  });
});
