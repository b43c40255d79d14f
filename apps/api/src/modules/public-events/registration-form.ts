import {
  answerFileKinds, EDUCATION_LEVELS, fill, GENDERS, PUBLIC_ANSWER_MAX, PUBLIC_FORM_TEXT as F, PUBLIC_MAX_FILES, PUBLIC_PAGE_MSG as M, SEATS_PAGE_TEXT as S,
  UPLOAD_KIND_MEDIA_TYPE, UPLOAD_RULES, WHATSAPP_TEXT as WA,
  type PublicEvent, type PublicQuestion, type PublicTicket,
} from '@eo/contract';
import { escapeHtml as e } from '../../lib/public-html.js';

const beforeDeadline = (t: PublicTicket, now: Date) => t.registrationDeadline === null || Date.parse(t.registrationDeadline) > now.getTime();

/** A free ticket that takes registrations now: the form offers it. */
export const openForRegistration = (t: PublicTicket, now: Date) => t.type === 'free' && t.status === 'Available' && beforeDeadline(t, now);

/** A free ticket sold out whose waiting list takes people now: the form offers to join it. */
export const openForWaitlist = (t: PublicTicket, now: Date) => t.type === 'free' && t.status === 'Sold Out' && t.waitlist && beforeDeadline(t, now);

/** What the form says beside a ticket's name: reviewed, invitation only. */
export const ticketNotes = (t: PublicTicket) => [t.requiresApproval ? S.approval : '', t.hidden ? S.hidden : ''].filter(Boolean);

const RULE = UPLOAD_RULES.RegistrationAnswer;
/** What a file question takes, as media types (the server checks the bytes again). */
const acceptOf = (q: PublicQuestion): string[] => answerFileKinds({ type: q.kind, accept: q.accept }).map((k) => UPLOAD_KIND_MEDIA_TYPE[k]);

/** The error line under a field, referenced by `aria-describedby` once it says something. */
const errorLine = (id: string) => `<p class="err" id="${id}-err" hidden></p>`;
const hint = (id: string, text: string) => `<p class="muted" id="${id}-hint">${e(text)}</p>`;

/** A labelled control with its error line; `extra` (a hint) goes between the label and the control. */
export function field(id: string, label: string, control: string, extra = ''): string {
  return `<div class="field"><label for="${id}">${e(label)}</label>${extra}${control}${errorLine(id)}</div>`;
}

function choices(id: string, legend: string, type: 'radio' | 'checkbox', name: string, options: readonly string[], isRequired: boolean, extra = ''): string {
  // A required radio group: `required` on its inputs; a checkbox group is required as a whole.
  const attrs = isRequired && type === 'radio' ? ' required' : '';
  const items = options.map((o, i) => `<label class="choice"><input type="${type}" id="${id}-${i}" name="${e(name)}" value="${e(o)}"${attrs}> ${e(o)}</label>`).join('');
  // aria-required is allowed on a radiogroup only; a required checkbox group says so by not saying "(opsional)".
  const role = type === 'radio' ? ` role="radiogroup"${isRequired ? ' aria-required="true"' : ''}` : '';
  return `<fieldset class="field" id="${id}"${role}><legend>${e(legend)}</legend>${extra}${items}${errorLine(id)}</fieldset>`;
}

function question(q: PublicQuestion): string {
  const id = `q-${e(q.id)}`;
  const label = q.isRequired ? q.name : `${q.name} ${F.optional}`;
  const required = q.isRequired ? ' required' : '';
  const messages = q.isRequired ? ` data-required="${e(fill(F.required, { name: q.name }))}"` : '';
  const description = q.description ? hint(`${id}`, q.description) : '';
  const described = q.description ? ` aria-describedby="${id}-hint"` : '';
  const wrap = (inner: string) => `<div class="question" data-question="${e(q.id)}" data-kind="${q.kind}" data-ticket="${e(q.ticketId ?? '')}"${messages}>${inner}</div>`;
  switch (q.kind) {
    case 'text':
      return wrap(field(id, label, `<input id="${id}" name="${id}" type="text" maxlength="${PUBLIC_ANSWER_MAX.text}"${required}${described}>`, description));
    case 'paragraph':
      return wrap(field(id, label, `<textarea id="${id}" name="${id}" rows="4" maxlength="${PUBLIC_ANSWER_MAX.paragraph}"${required}${described}></textarea>`, description));
    case 'radio':
    case 'checkbox':
      return wrap(choices(id, label, q.kind, id, q.options, q.isRequired, description));
    case 'image':
    case 'file': {
      const max = q.kind === 'image' ? 1 : Math.min(q.maxFiles ?? 1, PUBLIC_MAX_FILES);
      const accept = acceptOf(q);
      const limits = q.kind === 'image' ? fill(F.imageHint, { mb: RULE.maxLabel }) : fill(F.fileHint, { mb: RULE.maxLabel });
      const count = max > 1 ? ` · ${fill(F.fileCountHint, { n: max })}` : '';
      const data = [
        `data-max-files="${max}"`, `data-max-bytes="${RULE.maxBytes}"`, `data-accept="${e(accept.join(','))}"`,
        `data-too-many="${e(fill(F.tooManyFiles, { n: max, name: q.name }))}"`,
        `data-too-big="${e(fill(F.fileTooBig, { mb: RULE.maxLabel, name: q.name }))}"`,
        `data-wrong-type="${e(fill(F.fileType, { name: q.name }))}"`,
      ].join(' ');
      const control = `<input id="${id}" name="${id}" type="file" accept="${e(accept.join(','))}"${max > 1 ? ' multiple' : ''}${required} aria-describedby="${id}-hint" ${data}>`;
      return wrap(field(id, label, control, `${q.description ? `<p class="muted">${e(q.description)}</p>` : ''}${hint(id, limits + count)}`));
    }
  }
}

/**
 * The registration form of the event page: labelled fields rendered here, so the page
 * is whole before any script; the form's script (apps/web/src/public/register) checks, uploads
 * answer files and registers. Only free tickets open now are offered, and free sold-out ones
 * whose waiting list is open (`data-waitlist`: the script joins it instead); a ticket's own
 * questions carry its id and show when it is chosen. A hidden ticket's code, when the page was
 * opened with it, goes with the form. Every text the organizer typed is escaped. `embed`: the
 * form of `/e/{id}/embed`, whose script opens the frame's e-ticket after registering.
 */
export function registrationForm(ev: PublicEvent, now: Date, accessCode?: string, { embed = false } = {}): string {
  const tickets = ev.tickets.filter((t) => openForRegistration(t, now) || openForWaitlist(t, now));
  if (!tickets.length) return '';
  const offered = new Set(tickets.map((t) => t.id));
  const questions = [...ev.questions]
    .filter((q) => q.ticketId === null || offered.has(q.ticketId))
    .sort((a, b) => a.order - b.order);
  const only = tickets.length === 1;
  const ticketChoice = `<fieldset class="field" id="reg-ticket" role="radiogroup" aria-required="true"><legend>${e(F.ticket)}</legend>
${tickets.map((t) => {
    const waitlist = openForWaitlist(t, now);
    const notes = ticketNotes(t).map((n) => `<span class="muted note">${e(n)}</span>`).join('');
    return `<label class="choice"><input type="radio" name="ticketId" id="daftar-${e(t.id)}" value="${e(t.id)}" required${only ? ' checked' : ''}${waitlist ? ' data-waitlist="1"' : ''}> <span>${e(t.name)} · ${e(waitlist ? S.waitlistStatus : M.free)}${notes}</span></label>`;
  }).join('')}
${errorLine('reg-ticket')}</fieldset>`;
  const required = (name: string) => ` data-required="${e(fill(F.required, { name }))}"`;
  const participant = [
    `<div${required(F.name)}>${field('reg-name', F.name, `<input id="reg-name" name="name" type="text" autocomplete="name" maxlength="${PUBLIC_ANSWER_MAX.name}" required>`)}</div>`,
    `<div${required(F.email)}>${field('reg-email', F.email, `<input id="reg-email" name="email" type="email" autocomplete="email" inputmode="email" maxlength="${PUBLIC_ANSWER_MAX.email}" required>`)}</div>`,
    `<div${required(F.phone)}>${field('reg-phone', F.phone, `<input id="reg-phone" name="phoneNumber" type="tel" autocomplete="tel" inputmode="tel" maxlength="24" required aria-describedby="reg-phone-hint">`, hint('reg-phone', F.phoneHint))}</div>`,
    // Offered only where the server sends WhatsApp; the number is the phone above.
    ev.whatsapp
      ? `<div class="field"><label class="choice"><input type="checkbox" id="reg-whatsapp" name="whatsappOptIn" value="1" aria-describedby="reg-whatsapp-hint"> <span>${e(WA.optIn)}</span></label>${hint('reg-whatsapp', WA.optInHint)}</div>`
      : '',
    `<div${required(F.lastEducation)}>${field('reg-edu', F.lastEducation, `<select id="reg-edu" name="lastEducation" required><option value="">${e(F.choose)}</option>${EDUCATION_LEVELS.map((l) => `<option>${e(l)}</option>`).join('')}</select>`)}</div>`,
    `<div${required(F.gender)}>${choices('reg-gender', F.gender, 'radio', 'gender', GENDERS, true)}</div>`,
  ].filter(Boolean).join('\n');
  const asked = questions.length
    ? `<h3>${e(F.questions)}</h3>\n${questions.map(question).join('\n')}`
    : '';
  return `<section class="card" id="daftar" aria-labelledby="daftar-h">
<h2 id="daftar-h">${e(F.heading)}</h2>
<p class="muted">${e(F.intro)}</p>
<noscript><p class="err">${e(F.noScript)}</p></noscript>
<form id="reg-form" data-event="${e(ev.id)}"${embed ? ' data-embed="1"' : ''} data-submit-waitlist="${e(S.joinWaitlist)}" novalidate data-choose-ticket="${e(F.chooseTicket)}" data-email-invalid="${e(F.emailInvalid)}" data-phone-invalid="${e(F.phoneInvalid)}">
${ticketChoice}
${participant}
${asked}
${accessCode ? `<input type="hidden" name="accessCode" id="reg-access-code" value="${e(accessCode)}">` : ''}
<div class="hp" aria-hidden="true"><label for="reg-website">${e(F.honeypot)}</label><input id="reg-website" name="website" type="text" tabindex="-1" autocomplete="off"></div>
<div id="reg-alert" class="alert" role="alert" hidden></div>
<p id="reg-status" class="muted" role="status" aria-live="polite"></p>
<button type="submit" class="cta" id="reg-submit">${e(F.submit)}</button>
</form>
</section>`;
}
