import {
  EVALUATION_ANCHOR as ID, EVALUATION_MSG as M, EVALUATION_LIMITS, EVALUATION_PAGE_TEXT as T, fill, formatWibLongDate, formatWibTime, type PublicEvaluation,
} from '@eo/contract';
import { escapeHtml as e } from '../../lib/public-html.js';

type Question = PublicEvaluation['questions'][number];

/** Scales as rows of large tap targets (44 px at least), the chosen one filled; the input itself covers its box. */
export const EVALUATION_STYLE = `.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}.req{color:#cf1322}
.scale{display:grid;gap:8px;grid-template-columns:repeat(auto-fill,minmax(44px,1fr))}.scale.rating{grid-template-columns:repeat(5,1fr)}
.pick{position:relative;display:flex;align-items:center;justify-content:center;min-height:48px;border:1px solid #8c8c8c;border-radius:8px;background:#fff;font-weight:600;cursor:pointer}
form .pick input[type=radio]{position:absolute;inset:0;width:100%;height:100%;margin:0;opacity:0;cursor:pointer}
.pick:has(input:checked){background:#6a35d9;border-color:#6a35d9;color:#fff}.pick:has(input:focus-visible){outline:3px solid #6a35d9;outline-offset:2px}
form fieldset[aria-invalid=true]{outline:0}fieldset[aria-invalid=true] .pick{border-color:#cf1322}`;

const at = (iso: string) => {
  const d = new Date(iso);
  return `${formatWibLongDate(d)}, ${formatWibTime(d)}`;
};

/** A question's name: its label, a star for the eye and "(wajib)" for screen readers when required. */
const legend = (q: Question) => `${e(q.label)}${q.isRequired ? ` <span class="req" aria-hidden="true">*</span><span class="sr"> ${e(T.required)}</span>` : ''}`;

/** One question: a group of choices (scales as tap targets, options as rows) or a text box; its message line under it. */
function question(q: Question): string {
  const id = e(`${ID}-${q.id}`);
  const err = `<p class="err" id="${id}-err" role="alert" hidden></p>`;
  const data = `data-q="${e(q.id)}" data-type="${q.type}"${q.isRequired ? ' data-required="1"' : ''}`;
  if (q.type === 'text') {
    return `<div class="field q" ${data}><label for="${id}">${legend(q)}</label>
<textarea id="${id}" name="${id}" rows="4" maxlength="${EVALUATION_LIMITS.textAnswerMax}" aria-describedby="${id}-err"${q.isRequired ? ' aria-required="true"' : ''}></textarea>${err}</div>`;
  }
  const scale = q.type === 'rating' || q.type === 'nps';
  const hint = scale ? `<p class="muted" id="${id}-hint">${e(q.type === 'rating' ? T.ratingScale : T.npsScale)}</p>` : '';
  const values = q.type === 'rating' ? ['1', '2', '3', '4', '5'] : q.type === 'nps' ? Array.from({ length: 11 }, (_, i) => String(i)) : q.options;
  const input = q.type === 'checkbox' ? 'checkbox' : 'radio';
  const choices = values.map((v) => (scale
    ? `<label class="pick"><input type="radio" name="${id}" value="${v}"><span>${v}</span></label>`
    : `<label class="choice"><input type="${input}" name="${id}" value="${e(v)}"><span>${e(v)}</span></label>`)).join('');
  return `<fieldset class="field q" ${data} aria-describedby="${scale ? `${id}-hint ` : ''}${id}-err"><legend>${legend(q)}</legend>${hint}
<div class="${scale ? `scale ${q.type}` : 'choices'}">${choices}</div>${err}</fieldset>`;
}

/**
 * The "Evaluasi" section of a confirmed ticket's page (`#evaluasi`, where the invitation mail
 * points): the form while it takes answers (sent by the page's script), otherwise what there is
 * to know: answered, opens at, closed since. Nothing without a form, a window or a valid ticket.
 */
export function evaluationSection(ev: PublicEvaluation | null | undefined, ticket: { ticketCode: string; status: string }, now: Date): string {
  if (!ev || !ev.window || !ev.questions.length || ticket.status !== 'confirmed') return '';
  const head = `<h2 id="${ID}-judul">${e(T.title)}</h2>`;
  const card = (inner: string) => `<section class="card" id="${ID}" aria-labelledby="${ID}-judul">${head}${inner}</section>`;
  if (ev.answered) return card(`<p class="done">${e(M.alreadyAnswered)}</p>`);
  if (now.getTime() < Date.parse(ev.window.opensAt)) return card(`<p>${e(fill(T.opensAt, { time: at(ev.window.opensAt) }))}</p>`);
  if (!ev.open) return card(`<p>${e(fill(T.closedAt, { time: at(ev.window.closesAt) }))}</p>`);
  const required = ev.questions.some((q) => q.isRequired) ? `<p class="muted">${e(T.requiredNote)}</p>` : '';
  return `<form class="card" id="${ID}" aria-labelledby="${ID}-judul" data-ticket="${e(ticket.ticketCode)}" novalidate>${head}<p>${e(T.intro)}</p>${required}
${ev.questions.map(question).join('\n')}
<p class="alert" id="${ID}-err" role="alert" hidden></p>
<button type="submit" class="cta" id="${ID}-kirim">${e(T.submit)}</button></form>`;
}
