import { describe, expect, it } from 'vitest';
import { EVALUATION_AFTER_ATTR, fill, TICKET_CERT_TEXT as C, type ParticipantCertificate } from '@eo/contract';
import { certificatesSection } from './ticket-certificates.js';

const cert = (over: Partial<ParticipantCertificate>): ParticipantCertificate => ({
  certificateId: 'c1', name: 'Kelas · Peserta yang memenuhi syarat', status: 'not_yet', missing: [], sessionsNeeded: 0, ...over,
});

describe('the e-ticket page\'s Sertifikat section', () => {
  it('a line of what is missing under "Belum tersedia", and what it will say once the evaluation is answered', () => {
    const html = certificatesSection([
      cert({ missing: ['evaluation', 'sessions'], sessionsNeeded: 2 }),
      cert({ certificateId: 'c2', missing: ['evaluation'] }),
      cert({ certificateId: 'c3', missing: ['sessions'], sessionsNeeded: 2 }),
    ]);
    const [both, evaluation, sessions] = html.split('<li>').slice(1);
    expect(both).toContain(`<span class="muted">${C.notYet}.</span> <span class="wait" ${EVALUATION_AFTER_ATTR}="${fill(C.needs, { items: fill(C.sessions, { n: 2 }) })}">${
      fill(C.needs, { items: `${C.evaluation}, ${fill(C.sessions, { n: 2 })}` })}</span>`);
    expect(evaluation).toContain(`<span class="wait" ${EVALUATION_AFTER_ATTR}="${C.processing}">${fill(C.needs, { items: C.evaluation })}</span>`);
    // Nothing the evaluation changes: no second text.
    expect(sessions).toContain(`<span class="wait">${fill(C.needs, { items: fill(C.sessions, { n: 2 }) })}</span>`);
  });

  it('a ready one: its download link, nothing missing', () => {
    const html = certificatesSection([cert({ status: 'ready', downloadUrl: '/v1/public/tickets/k/certificates/c1/pdf' })]);
    expect(html).toContain(`<a class="cta" href="/v1/public/tickets/k/certificates/c1/pdf" download>${C.download}</a>`);
    expect(html).not.toContain(C.notYet);
    expect(html).not.toContain(EVALUATION_AFTER_ATTR);
  });
});
