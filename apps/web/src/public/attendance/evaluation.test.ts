import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { EVALUATION_AFTER_ATTR, EVALUATION_MSG as M, EVALUATION_PAGE_TEXT as T, fill, TICKET_CERT_TEXT as C } from '@eo/contract';
import { startEvaluation } from './evaluation';

/** The form as the e-ticket page renders it (modules/public-registration/ticket-evaluation.ts), trimmed to what the script reads. */
const scale = (id: string, values: number[]) => values.map((v) => `<label class="pick"><input type="radio" name="evaluasi-${id}" value="${v}"><span>${v}</span></label>`).join('');
const FORM = `<form class="card" id="evaluasi" aria-labelledby="evaluasi-judul" data-ticket="Kode_Tiket-1234567890ab" novalidate><h2 id="evaluasi-judul">${T.title}</h2>
<fieldset class="field q" data-q="q-rating" data-type="rating" data-required="1" aria-describedby="evaluasi-q-rating-err"><legend>Seberapa puas?</legend>
<div class="scale rating">${scale('q-rating', [1, 2, 3, 4, 5])}</div><p class="err" id="evaluasi-q-rating-err" role="alert" hidden></p></fieldset>
<fieldset class="field q" data-q="q-nps" data-type="nps" aria-describedby="evaluasi-q-nps-err"><legend>Rekomendasi?</legend>
<div class="scale nps">${scale('q-nps', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])}</div><p class="err" id="evaluasi-q-nps-err" role="alert" hidden></p></fieldset>
<fieldset class="field q" data-q="q-radio" data-type="radio" aria-describedby="evaluasi-q-radio-err"><legend>Sesi favorit</legend>
<div class="choices"><label class="choice"><input type="radio" name="evaluasi-q-radio" value="Pagi"><span>Pagi</span></label><label class="choice"><input type="radio" name="evaluasi-q-radio" value="Sore"><span>Sore</span></label></div><p class="err" id="evaluasi-q-radio-err" role="alert" hidden></p></fieldset>
<fieldset class="field q" data-q="q-check" data-type="checkbox" aria-describedby="evaluasi-q-check-err"><legend>Perlu ditingkatkan</legend>
<div class="choices"><label class="choice"><input type="checkbox" name="evaluasi-q-check" value="Waktu"><span>Waktu</span></label><label class="choice"><input type="checkbox" name="evaluasi-q-check" value="Materi"><span>Materi</span></label></div><p class="err" id="evaluasi-q-check-err" role="alert" hidden></p></fieldset>
<div class="field q" data-q="q-text" data-type="text" data-required="1"><label for="evaluasi-q-text">Saran</label><textarea id="evaluasi-q-text" name="evaluasi-q-text" aria-describedby="evaluasi-q-text-err"></textarea><p class="err" id="evaluasi-q-text-err" role="alert" hidden></p></div>
<p class="alert" id="evaluasi-err" role="alert" hidden></p>
<button type="submit" class="cta" id="evaluasi-kirim">${T.submit}</button></form>`;
const json = (status: number, body: object) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const form = () => document.getElementById('evaluasi') as HTMLFormElement;
const errorOf = (id: string) => document.getElementById(`evaluasi-${id}-err`)!;

beforeEach(() => {
  document.body.innerHTML = FORM;
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('Evaluasi on the e-ticket page', () => {
  it('checks the answers as the server does: each required question left blank is said under it, nothing sent', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    startEvaluation(form());
    await userEvent.setup().click(screen.getByRole('button', { name: T.submit }));
    expect(errorOf('q-rating').textContent).toBe(M.required);
    expect(errorOf('q-rating').hidden).toBe(false);
    expect(errorOf('q-text').textContent).toBe(M.required);
    expect(screen.getByLabelText('Saran').getAttribute('aria-invalid')).toBe('true');
    expect(errorOf('q-nps').hidden).toBe(true);
    expect(errorOf('q-radio').hidden).toBe(true);
    expect(document.getElementById('evaluasi-err')!.textContent).toBe(T.fix);
    expect(fetch).not.toHaveBeenCalled();
    // Answering a question takes its message away.
    await userEvent.setup().click(within(screen.getByRole('group', { name: 'Seberapa puas?' })).getByLabelText('4'));
    expect(errorOf('q-rating').hidden).toBe(true);
    expect(document.getElementById('evaluasi-err')!.hidden).toBe(false);
    await userEvent.setup().type(screen.getByLabelText('Saran'), 'Oke');
    expect(errorOf('q-text').hidden).toBe(true);
    expect(screen.getByLabelText('Saran').hasAttribute('aria-invalid')).toBe(false);
    expect(document.getElementById('evaluasi-err')!.hidden).toBe(true);
  });

  it('sends every answer of its kind with the ticket code, leaving out the blank optional ones, then thanks in the form\'s place', async () => {
    const fetch = vi.fn(async () => json(201, { data: { result: { answeredAt: '2026-12-01T05:00:00.000Z' } }, message: M.answered }));
    vi.stubGlobal('fetch', fetch);
    startEvaluation(form());
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('group', { name: 'Seberapa puas?' })).getByLabelText('5'));
    await user.click(within(screen.getByRole('group', { name: 'Rekomendasi?' })).getByLabelText('0'));
    await user.click(screen.getByLabelText('Waktu'));
    await user.click(screen.getByLabelText('Materi'));
    await user.type(screen.getByLabelText('Saran'), '  Lebih banyak sesi tanya jawab  ');
    await user.click(screen.getByRole('button', { name: T.submit }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(M.answered));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v1/public/tickets/Kode_Tiket-1234567890ab/evaluation');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      answers: [
        { questionId: 'q-rating', value: 5 }, { questionId: 'q-nps', value: 0 },
        { questionId: 'q-check', value: ['Waktu', 'Materi'] }, { questionId: 'q-text', value: 'Lebih banyak sesi tanya jawab' },
      ],
    });
    expect(screen.queryByRole('button', { name: T.submit })).toBeNull();
    expect(screen.getByRole('heading', { name: T.title })).toBeTruthy();
    expect(document.getElementById('evaluasi')!.tagName).toBe('SECTION');
  });

  it('once sent, the certificates\' lines no longer ask for it: each says what is still missing; a refusal leaves them', async () => {
    const still = fill(C.needs, { items: fill(C.sessions, { n: 2 }) });
    const asked = fill(C.needs, { items: `${C.evaluation}, ${fill(C.sessions, { n: 2 })}` });
    document.body.insertAdjacentHTML('beforeend', `<section id="sertifikat"><ul class="certs">
<li><span class="wait" id="a" ${EVALUATION_AFTER_ATTR}="${still}">${asked}</span></li>
<li><span class="wait" id="b" ${EVALUATION_AFTER_ATTR}="${C.processing}">${fill(C.needs, { items: C.evaluation })}</span></li>
<li><span class="wait" id="c">${fill(C.needs, { items: C.attend })}</span></li></ul></section>`);
    const line = (id: string) => document.getElementById(id)!;
    let status = 409;
    vi.stubGlobal('fetch', vi.fn(async () => (status === 201 ? json(201, { message: M.answered }) : json(409, { message: M.closed }))));
    startEvaluation(form());
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('group', { name: 'Seberapa puas?' })).getByLabelText('4'));
    await user.type(screen.getByLabelText('Saran'), 'Oke');
    await user.click(screen.getByRole('button', { name: T.submit }));
    await waitFor(() => expect(document.getElementById('evaluasi-err')!.textContent).toBe(M.closed));
    expect(line('a').textContent).toBe(asked);
    status = 201;
    await user.click(screen.getByRole('button', { name: T.submit }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(M.answered));
    expect([line('a').textContent, line('b').textContent, line('c').textContent]).toEqual([still, C.processing, fill(C.needs, { items: C.attend })]);
    expect(document.querySelectorAll(`[${EVALUATION_AFTER_ATTR}]`)).toHaveLength(0);
  });

  it('shows the server\'s 400 under the questions it names', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(400, { message: M.invalidAnswer, messageId: 'VALIDATION', errors: [{ path: 'answers.q-radio', message: M.invalidAnswer }] })));
    startEvaluation(form());
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('group', { name: 'Seberapa puas?' })).getByLabelText('3'));
    await user.click(screen.getByLabelText('Pagi'));
    await user.type(screen.getByLabelText('Saran'), 'Oke');
    await user.click(screen.getByRole('button', { name: T.submit }));
    await waitFor(() => expect(errorOf('q-radio').textContent).toBe(M.invalidAnswer));
    expect(errorOf('q-radio').hidden).toBe(false);
    expect(errorOf('q-rating').hidden).toBe(true);
    expect(screen.getByRole('button', { name: T.submit })).toHaveProperty('disabled', false);
  });

  it('says any other refusal (already answered, closed) above the button and keeps the form', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(409, { message: M.alreadyAnswered, messageId: 'ALREADY_ANSWERED' })));
    startEvaluation(form());
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('group', { name: 'Seberapa puas?' })).getByLabelText('3'));
    await user.type(screen.getByLabelText('Saran'), 'Oke');
    await user.click(screen.getByRole('button', { name: T.submit }));
    await waitFor(() => expect(document.getElementById('evaluasi-err')!.textContent).toBe(M.alreadyAnswered));
    expect(screen.getByRole('button', { name: T.submit })).toBeTruthy();
  });

  it('says the network failed when there is no answer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('offline'); }));
    startEvaluation(form());
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('group', { name: 'Seberapa puas?' })).getByLabelText('2'));
    await user.type(screen.getByLabelText('Saran'), 'Oke');
    await user.click(screen.getByRole('button', { name: T.submit }));
    await waitFor(() => expect(document.getElementById('evaluasi-err')!.textContent).toBe(T.failed));
  });
});
