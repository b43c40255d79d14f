import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { CANCEL_TEXT as C } from '@eo/contract';
import { startCancel } from './cancel';

/** The form as the e-ticket page renders it (modules/public-registration/ticket-page.ts). */
const FORM = `<form id="batal" data-ticket="Kode_Tiket-1234567890ab" novalidate>
<div class="field"><label for="batal-email">${C.email}</label><input id="batal-email" name="email" type="email" required><p class="err" id="batal-email-err" role="alert" hidden></p></div>
<button type="submit" id="batal-kirim">${C.submit}</button></form>`;
const json = (status: number, body: object) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  document.body.innerHTML = FORM;
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const send = async (email: string) => {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText(C.email), email);
  await user.click(screen.getByRole('button', { name: C.submit }));
};

describe('Batalkan pendaftaran on the e-ticket page', () => {
  it('asks for the email first, sends nothing without it', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    startCancel(document.getElementById('batal') as HTMLFormElement, vi.fn());
    await send('');
    expect(screen.getByRole('alert').textContent).toBe(C.empty);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the email with the ticket code, then says so and loads the page again', async () => {
    const fetch = vi.fn(async () => json(200, { data: { result: { status: 'cancelled' } } }));
    vi.stubGlobal('fetch', fetch);
    const reload = vi.fn();
    startCancel(document.getElementById('batal') as HTMLFormElement, reload);
    await send('sari@contoh.id');
    await waitFor(() => expect(reload).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v1/public/tickets/Kode_Tiket-1234567890ab/cancel');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'sari@contoh.id' });
    expect(screen.getByRole('status').textContent).toBe(C.done);
  });

  it('shows the server\'s reason under the field and keeps the form', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(409, { message: 'Batas pembatalan sudah lewat', messageId: 'CANCELLATION_CLOSED' })));
    const reload = vi.fn();
    startCancel(document.getElementById('batal') as HTMLFormElement, reload);
    await send('sari@contoh.id');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Batas pembatalan sudah lewat'));
    expect(reload).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: C.submit }) as HTMLButtonElement).disabled).toBe(false);
  });
});
