import { describe, expect, it } from 'vitest';
import { PUBLIC_FORM_TEXT as F, PUBLIC_RESEND_TEXT as R, WHATSAPP_TEXT, type PublicEvent, type PublicQuestion, type PublicTicket } from '@eo/contract';
import { registrationForm } from './registration-form.js';
import { publicEventPage } from './public-page.js';
import { resendForm } from './resend-form.js';

const NOW = new Date('2026-11-24T03:00:00Z');
const XSS = '<img src=x onerror=alert(1)>"\'&';
const ticket = (over: Partial<PublicTicket>): PublicTicket => ({
  id: 't-free', name: 'Umum', type: 'free', price: 0, status: 'Available', remaining: 10, registrationDeadline: null, dates: [],
  requiresApproval: false, waitlist: false, hidden: false, ...over,
});
const question = (over: Partial<PublicQuestion>): PublicQuestion => ({
  id: 'q1', ticketId: null, name: 'Asal sekolah', description: null, kind: 'text', isRequired: true, options: [], maxFiles: null, accept: null, order: 1, ...over,
});
const event = (tickets: PublicTicket[], questions: PublicQuestion[] = []): PublicEvent => ({
  id: 'e1', name: 'Webinar', type: 'Webinar', imageUrl: null, dates: { startAt: null, endAt: null }, location: 'online', description: null,
  benefits: [], eligibilities: [], stepsToRegister: [], eventOrganizer: { name: 'Panitia', logoUrl: null, phoneNumber: null, instagramProfileUrl: null },
  tickets, questions, sessions: [], whatsapp: false,
});
/** Every `<label for=x>` names a control with `id=x`, and every visible control has a label or a legend. */
function labelsMatch(html: string) {
  const fors = [...html.matchAll(/<label for="([^"]+)"/g)].map((m) => m[1]);
  for (const id of fors) expect(html, id).toMatch(new RegExp(`<(input|select|textarea)[^>]* id="${id}"`));
  const controls = [...html.matchAll(/<(input|select|textarea) (?:type="(\w+)" )?id="([^"]+)"/g)];
  for (const [, , type, id] of controls) {
    if (type === 'radio' || type === 'checkbox') expect(html, id).toMatch(new RegExp(`<label class="choice"><input type="${type}" id="${id}"`));
    else expect(fors, id).toContain(id);
  }
}

describe('the registration form of the event page', () => {
  it('offers the free tickets open now, with labelled fields for the participant', () => {
    const html = registrationForm(event([
      ticket({}),
      ticket({ id: 't-paid', name: 'VIP', type: 'paid', price: 50_000 }),
      ticket({ id: 't-sold', name: 'Habis', status: 'Sold Out', remaining: 0 }),
      ticket({ id: 't-closed', name: 'Tutup', registrationDeadline: '2026-11-23T00:00:00Z' }),
    ]), NOW);
    expect(html).toContain('id="daftar-t-free"');
    for (const id of ['t-paid', 't-sold', 't-closed']) expect(html).not.toContain(`daftar-${id}`);
    // The only ticket is chosen already.
    expect(html).toMatch(/id="daftar-t-free" value="t-free" required checked/);
    for (const text of [F.name, F.email, F.phone, F.lastEducation, F.gender, F.submit]) expect(html).toContain(text);
    expect(html).toContain('autocomplete="email"');
    expect(html).toContain('role="alert"');
    labelsMatch(html);
  });

  it('offers "Kirim tiket lewat WhatsApp" only where the server sends WhatsApp, unticked', () => {
    const without = registrationForm(event([ticket({})]), NOW);
    expect(without).not.toContain('reg-whatsapp');
    expect(without).not.toContain(WHATSAPP_TEXT.optIn);
    const html = registrationForm({ ...event([ticket({})]), whatsapp: true }, NOW);
    expect(html).toContain(WHATSAPP_TEXT.optIn);
    expect(html).toMatch(/<input type="checkbox" id="reg-whatsapp" name="whatsappOptIn" value="1" aria-describedby="reg-whatsapp-hint">/);
    expect(html).not.toMatch(/id="reg-whatsapp"[^>]*checked/);
    labelsMatch(html);
  });

  it('no free ticket open: no form', () => {
    expect(registrationForm(event([ticket({ type: 'paid', price: 10_000 })]), NOW)).toBe('');
    expect(registrationForm(event([ticket({ registrationDeadline: NOW.toISOString() })]), NOW)).toBe('');
    expect(registrationForm(event([]), NOW)).toBe('');
  });

  it('renders the six kinds of question with their limits; a ticket\'s own questions carry its id; optional ones say so', () => {
    const html = registrationForm(event([ticket({}), ticket({ id: 't2', name: 'Pelajar' })], [
      question({ id: 'q-text', kind: 'text' }),
      question({ id: 'q-para', kind: 'paragraph', isRequired: false, name: 'Motivasi' }),
      question({ id: 'q-radio', kind: 'radio', options: ['SMA', 'SMK'], ticketId: 't2' }),
      question({ id: 'q-check', kind: 'checkbox', options: ['A', 'B'], name: 'Minat' }),
      question({ id: 'q-img', kind: 'image', name: 'Foto' }),
      question({ id: 'q-file', kind: 'file', maxFiles: 3, accept: ['pdf'], name: 'Berkas' }),
      question({ id: 'q-other', ticketId: 't-paid-only' }),
    ]), NOW);
    expect(html).toMatch(/<input id="q-q-text" name="q-q-text" type="text" maxlength="500" required>/);
    expect(html).toMatch(/<textarea id="q-q-para"[^>]*maxlength="5000"/);
    expect(html).toContain(`Motivasi ${F.optional}`);
    expect(html).toMatch(/data-question="q-radio" data-kind="radio" data-ticket="t2"/);
    expect(html).toMatch(/<fieldset class="field" id="q-q-check"><legend>Minat<\/legend>/);
    expect(html).toMatch(/<fieldset class="field" id="q-q-radio" role="radiogroup" aria-required="true"><legend>/);
    expect(html).toMatch(/id="q-q-img" name="q-q-img" type="file" accept="image\/png,image\/jpeg" required/);
    expect(html).toMatch(/id="q-q-file" name="q-q-file" type="file" accept="application\/pdf" multiple required/);
    expect(html).toContain('data-max-files="3"');
    expect(html).toContain('Maksimal 3 file untuk &#34;Berkas&#34;');
    // A question of a ticket the form does not offer is left out.
    expect(html).not.toContain('q-other');
    labelsMatch(html);
  });

  it('shows whatever the organizer typed as text', () => {
    const html = registrationForm(event([ticket({ name: XSS })], [question({ name: XSS, description: XSS, kind: 'radio', options: [XSS] })]), NOW);
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;&#34;&#39;&#38;');
  });

  it('the page loads the form\'s script when the build has one, and is whole without it', () => {
    const ev = event([ticket({})]);
    const withScript = publicEventPage(ev, { publicUrl: 'https://eo.example.id', siteName: 'EO Dashboard', now: NOW, assets: { script: '/assets/register-x.js', css: [] } });
    expect(withScript).toContain('<script type="module" src="/assets/register-x.js"></script>');
    expect(withScript).toContain('href="#daftar-t-free"');
    const without = publicEventPage(ev, { publicUrl: 'https://eo.example.id', siteName: 'EO Dashboard', now: NOW, assets: { css: [] } });
    expect(without).not.toContain('<script');
    expect(without).toContain('id="reg-form"');
  });
});

describe('"Kirim ulang e-tiket" on the event page', () => {
  it('is a labelled email field and its button, after the registration form, whenever the event has tickets', () => {
    const page = (tickets: PublicTicket[]) => publicEventPage(event(tickets), { publicUrl: 'https://eo.example.id', siteName: 'EO Dashboard', now: NOW, assets: { css: [] } });
    const open = page([ticket({})]);
    expect(open.indexOf('id="resend-form"')).toBeGreaterThan(open.indexOf('id="reg-form"'));
    // Registration closed or sold out: lost tickets are still asked for.
    for (const html of [page([ticket({ registrationDeadline: NOW.toISOString() })]), page([ticket({ status: 'Sold Out', remaining: 0 })])]) {
      expect(html).not.toContain('id="reg-form"');
      expect(html).toContain('id="resend-form"');
    }
    expect(page([])).not.toContain('resend-form');

    const html = resendForm(event([ticket({})]));
    for (const text of [R.heading, R.intro, R.email, R.submit]) expect(html).toContain(text);
    expect(html).toMatch(/<input id="resend-email" name="email" type="email" autocomplete="email"[^>]* required>/);
    expect(html).toContain('data-event="e1"');
    expect(html).toMatch(/role="alert"/);
    expect(html).toMatch(/role="status"/);
    labelsMatch(html);
  });
});

describe('seats on the event page', () => {
  it('a sold-out free ticket with a waiting list is offered to join it; the card and the ticket say so', () => {
    const ev = event([ticket({ id: 't-wait', name: 'Penuh', status: 'Sold Out', remaining: 0, waitlist: true })]);
    const form = registrationForm(ev, NOW);
    expect(form).toMatch(/id="daftar-t-wait" value="t-wait" required checked data-waitlist="1"> <span>Penuh · Kuota penuh — masuk daftar tunggu/);
    expect(form).toContain('data-submit-waitlist="Masuk daftar tunggu"');
    const page = publicEventPage(ev, { publicUrl: 'https://contoh.id', siteName: 'EO', now: NOW, assets: { css: [] } });
    expect(page).toContain('Kuota penuh — masuk daftar tunggu');
    expect(page).toContain('<a class="cta" href="#daftar-t-wait">Masuk daftar tunggu</a>');
    // Without a waiting list a sold-out ticket is not in the form.
    expect(registrationForm(event([ticket({ status: 'Sold Out', remaining: 0 })]), NOW)).toBe('');
  });

  it('an approval ticket says registrations are reviewed; a hidden one that the code opened says so and the form carries the code', () => {
    const ev = event([ticket({ requiresApproval: true }), ticket({ id: 't-vip', name: 'Undangan', hidden: true })]);
    const form = registrationForm(ev, NOW, 'Rahasia2027');
    expect(form).toContain('<span class="muted note">Pendaftaran ditinjau panitia dulu; e-tiket dikirim setelah disetujui.</span>');
    expect(form).toContain('<span class="muted note">Tiket khusus (link undangan)</span>');
    expect(form).toContain('<input type="hidden" name="accessCode" id="reg-access-code" value="Rahasia2027">');
    expect(registrationForm(ev, NOW)).not.toContain('accessCode');
    labelsMatch(form);
  });
});
