import { PUBLIC_ANSWER_MAX, PUBLIC_FORM_TEXT as F, PUBLIC_RESEND_TEXT as R, fill, type PublicEvent } from '@eo/contract';
import { escapeHtml as e } from '../../lib/public-html.js';
import { field } from './registration-form.js';

/**
 * "Kirim ulang e-tiket" on the event page, for people who lost their ticket mail: one labelled
 * email field and its button, rendered here; the page's script (apps/web/src/public/register)
 * solves the proof of work and sends it. Shown whenever the event has tickets, open or not: a
 * ticket is needed most when registration has closed.
 */
export function resendForm(ev: PublicEvent): string {
  if (!ev.tickets.length) return '';
  return `<section class="card" id="kirim-ulang" aria-labelledby="resend-h">
<h2 id="resend-h">${e(R.heading)}</h2>
<p class="muted">${e(R.intro)}</p>
<form id="resend-form" data-event="${e(ev.id)}" novalidate data-required="${e(fill(F.required, { name: R.email }))}" data-email-invalid="${e(F.emailInvalid)}">
${field('resend-email', R.email, `<input id="resend-email" name="email" type="email" autocomplete="email" inputmode="email" maxlength="${PUBLIC_ANSWER_MAX.email}" required>`)}
<div id="resend-alert" class="alert" role="alert" hidden></div>
<p id="resend-status" role="status" aria-live="polite"></p>
<button type="submit" class="cta alt" id="resend-submit">${e(R.submit)}</button>
</form>
</section>`;
}
