import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { PROOF_OF_WORK, PUBLIC_FORM_TEXT as F, PUBLIC_RESEND_TEXT as R, RATE_MSG, fill } from '@eo/contract';
import type { ProofOfWork } from './proof-of-work';
import { startResend } from './resend';

/** The form as the event page renders it (modules/public-events/resend-form.ts). */
const FORM = `<form id="resend-form" data-event="ev-1" novalidate data-required="Email pendaftaran wajib diisi" data-email-invalid="${F.emailInvalid}">
<div class="field"><label for="resend-email">${R.email}</label><input id="resend-email" name="email" type="email" required><p class="err" id="resend-email-err" hidden></p></div>
<div id="resend-alert" class="alert" role="alert" hidden></div>
<p id="resend-status" role="status" aria-live="polite"></p>
<button type="submit" id="resend-submit">${R.submit}</button></form>`;

/** A solver that hands out numbered solutions at once. */
const proof = () => {
  let n = 0;
  return { prepare: vi.fn(), take: vi.fn(async () => `solusi-${++n}`) } as unknown as ProofOfWork;
};
const json = (status: number, body: object) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  document.body.innerHTML = FORM;
});
// Its markup is written straight into the document: taken out again, so the next file in this worker starts empty.
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** What a screen reader reads after the field's name: the elements its aria-describedby names. */
const description = (el: HTMLElement) => (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean)
  .map((id) => document.getElementById(id)?.textContent ?? '').join(' ');

const send = async (email: string) => {
  const user = userEvent.setup();
  await user.clear(screen.getByLabelText(R.email));
  if (email) await user.type(screen.getByLabelText(R.email), email);
  await user.click(screen.getByRole('button', { name: R.submit }));
};

describe('"Kirim ulang e-tiket" on the event page', () => {
  it('sends the email with a solved challenge and says the neutral sentence', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => json(202, { data: null, message: R.sent }));
    vi.stubGlobal('fetch', fetch);
    startResend(document.getElementById('resend-form') as HTMLFormElement, proof());
    await send('sari@contoh.id');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(R.sent));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/v1/public/events/ev-1/tickets/resend');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'sari@contoh.id', [PROOF_OF_WORK.bodyField]: 'solusi-1' });
    expect(document.getElementById('resend-alert')!.hidden).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: R.submit }).disabled).toBe(false);
  });

  it('checks the email first: empty or malformed is said under the field, and nothing is sent', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    startResend(document.getElementById('resend-form') as HTMLFormElement, proof());
    await send('');
    const input = screen.getByLabelText(R.email);
    expect(description(input)).toBe('Email pendaftaran wajib diisi');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);
    await send('bukan-email');
    expect(description(input)).toBe(F.emailInvalid);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says a refusal (too many requests) or a lost connection plainly, and the button works again', async () => {
    const tooMany = fill(RATE_MSG.tooMany, { seconds: 42 });
    const fetch = vi.fn()
      .mockResolvedValueOnce(json(429, { message: tooMany, messageId: 'TOO_MANY_REQUESTS' }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetch);
    startResend(document.getElementById('resend-form') as HTMLFormElement, proof());
    await send('sari@contoh.id');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(tooMany));
    expect(screen.getByRole('status').textContent).toBe('');
    await send('sari@contoh.id');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(F.network));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: R.submit }).disabled).toBe(false);
  });
});
