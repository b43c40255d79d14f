import { EVALUATION_AFTER_ATTR, fill, TICKET_CERT_TEXT as C, type ParticipantCertificate } from '@eo/contract';
import { escapeHtml as e } from '../../lib/public-html.js';

export const TICKET_CERT_STYLE = `.certs{list-style:none;padding:0;margin:0}.certs li{padding:8px 0;border-top:1px solid #f0f0f0}.certs li:first-child{border-top:0}
.certs .name,.certs .wait{display:block}.certs .name{font-weight:600}`;

/** What a certificate not yet ready still needs, in words ("isi evaluasi, hadir minimal 3 sesi"). */
export function missingText(c: ParticipantCertificate): string {
  if (!c.missing.length) return C.processing;
  const items = c.missing.map((m) => (m === 'evaluation' ? C.evaluation : c.sessionsNeeded > 0 ? fill(C.sessions, { n: c.sessionsNeeded }) : C.attend));
  return fill(C.needs, { items: items.join(', ') });
}

/**
 * What the line will say once the holder answers the evaluation on this page: the script puts it
 * in place on the thank-you, so the section does not go on asking for what was just sent.
 */
function afterEvaluation(c: ParticipantCertificate): string {
  if (!c.missing.includes('evaluation')) return '';
  return ` ${EVALUATION_AFTER_ATTR}="${e(missingText({ ...c, missing: c.missing.filter((m) => m !== 'evaluation') }))}"`;
}

/**
 * The e-ticket page's "Sertifikat" section: each certificate of the event that applies to the
 * ticket's holder, with a download link when ready, else what is missing. None: no section.
 */
export function certificatesSection(list: ParticipantCertificate[]): string {
  if (!list.length) return '';
  const items = list.map((c) => `<li><span class="name">${e(c.name)}</span>${c.status === 'ready' && c.downloadUrl
    ? `<a class="cta" href="${e(c.downloadUrl)}" download>${e(C.download)}</a>`
    : `<span class="muted">${e(C.notYet)}.</span> <span class="wait"${afterEvaluation(c)}>${e(missingText(c))}</span>`}</li>`).join('');
  return `<section class="card" id="sertifikat"><h2>${e(C.title)}</h2><ul class="certs">${items}</ul></section>`;
}
