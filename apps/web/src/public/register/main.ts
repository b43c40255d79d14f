/**
 * The registration form of the public event page (`/e/{eventId}#daftar`): plain DOM
 * over the form the server rendered (labelled fields, the organizer's questions, the messages
 * already filled in data attributes). It shows a chosen ticket's own questions, checks the
 * fields, uploads answer files, registers, and opens the e-ticket; the page's "Kirim ulang e-tiket"
 * form too (resend.ts). No React, no antd: its own small entry of the web build. Each write
 * carries a solved proof-of-work challenge, solved while the form is filled (proof-of-work.ts).
 */
import { byId, inputsOf, setError } from './field-errors';
import { emailOk, fieldOfPath, fileProblem, normalPhone, phoneOk, type Problem } from './form-check';
import { ProofOfWork } from './proof-of-work';
import { jsonWithProof, Refused, sendProved, whenShown } from './public-call';
import { startResend } from './resend';
import { embedTicketPath, eTicketPath, PROOF_OF_WORK, TRACKING_REF_PARAM, PUBLIC_FORM_TEXT as T, PUBLIC_REGISTRATION_ADDRESS as A, SEATS_PAGE_TEXT as S, SEATS_PUBLIC_ADDRESS as W } from './texts';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const valueOf = (id: string) => (byId<Control>(id)?.value ?? '').trim();
const checked = (root: ParentNode, name?: string) =>
  [...root.querySelectorAll<HTMLInputElement>(`input${name ? `[name="${name}"]` : ''}:checked`)].map((i) => i.value);
/** The message the server filled for an empty required field, on the field's wrapper. */
const requiredText = (id: string) => byId(id)?.closest<HTMLElement>('[data-required]')?.dataset.required ?? T.failed;

function start(form: HTMLFormElement, proof: ProofOfWork) {
  const eventId = form.dataset.event ?? '';
  whenShown(form, () => proof.prepare());
  const alertBox = byId('reg-alert');
  const status = byId('reg-status');
  const submit = byId<HTMLButtonElement>('reg-submit');
  if (!alertBox || !status || !submit) return;
  const tickets = [...form.querySelectorAll<HTMLInputElement>('input[name="ticketId"]')];
  const questions = [...form.querySelectorAll<HTMLElement>('.question')];
  const visible = () => questions.filter((q) => !q.hidden);
  const at = (path: string) => path.replace(':eventId', encodeURIComponent(eventId));

  // A ticket's own questions show (and count) only while it is chosen.
  const showQuestions = () => {
    const ticket = tickets.find((t) => t.checked)?.value;
    for (const q of questions) {
      const shown = !q.dataset.ticket || q.dataset.ticket === ticket;
      q.hidden = !shown;
      for (const c of q.querySelectorAll<Control>('input, textarea, select')) c.disabled = !shown;
    }
  };
  // "Daftar" on a ticket links to #daftar-{ticketId}: that ticket is chosen and focused.
  const fromAnchor = () => {
    const radio = tickets.find((t) => `#${t.id}` === decodeURIComponent(location.hash));
    if (!radio) return;
    radio.checked = true;
    showQuestions();
    radio.focus({ preventScroll: true });
    radio.closest('fieldset')?.scrollIntoView({ block: 'start' });
  };
  // A sold-out ticket with a waiting list (`data-waitlist`): the same form joins its queue instead.
  const chosen = () => tickets.find((t) => t.checked);
  const joining = () => chosen()?.dataset.waitlist === '1';
  const label = () => (joining() ? form.dataset.submitWaitlist ?? S.joinWaitlist : T.submit);
  const relabel = () => { if (!busy) submit.textContent = label(); };
  for (const t of tickets) t.addEventListener('change', () => { showQuestions(); relabel(); });
  window.addEventListener('hashchange', fromAnchor);
  let busy = false;
  showQuestions();
  fromAnchor();
  relabel();

  const say = (text: string) => { status.textContent = text; };
  const alert = (text: string | null) => { alertBox.textContent = text ?? ''; alertBox.hidden = !text; };

  function problems(): Problem[] {
    const found: Problem[] = [];
    const need = (id: string, ok: boolean) => { if (!ok) found.push({ id, message: requiredText(id) }); return ok; };
    if (!tickets.some((t) => t.checked)) found.push({ id: 'reg-ticket', message: form.dataset.chooseTicket ?? T.chooseTicket });
    need('reg-name', valueOf('reg-name') !== '');
    if (need('reg-email', valueOf('reg-email') !== '') && !emailOk(valueOf('reg-email'))) found.push({ id: 'reg-email', message: form.dataset.emailInvalid ?? T.emailInvalid });
    if (need('reg-phone', normalPhone(valueOf('reg-phone')) !== '') && !phoneOk(valueOf('reg-phone'))) found.push({ id: 'reg-phone', message: form.dataset.phoneInvalid ?? T.phoneInvalid });
    need('reg-edu', valueOf('reg-edu') !== '');
    need('reg-gender', checked(form, 'gender').length > 0);
    for (const q of visible()) {
      const id = `q-${q.dataset.question}`;
      const required = q.dataset.required !== undefined;
      const kind = q.dataset.kind;
      if (kind === 'image' || kind === 'file') {
        const input = byId<HTMLInputElement>(id);
        const files = [...(input?.files ?? [])];
        if (required && !files.length) { found.push({ id, message: requiredText(id) }); continue; }
        const problem = input && fileProblem(files, {
          maxFiles: Number(input.dataset.maxFiles), maxBytes: Number(input.dataset.maxBytes), accept: (input.dataset.accept ?? '').split(','),
        });
        // data-too-many, data-too-big, data-wrong-type: filled by the server with the question's name.
        const message = problem && input?.dataset[problem];
        if (message) found.push({ id, message });
      } else if (required) {
        need(id, kind === 'radio' || kind === 'checkbox' ? checked(q).length > 0 : valueOf(id) !== '');
      }
    }
    return found;
  }

  /** Each file question's files, uploaded one by one; their ids become the answers. */
  async function answers() {
    const out: { questionId: string; value: string | string[] }[] = [];
    for (const q of visible()) {
      const questionId = q.dataset.question ?? '';
      const id = `q-${questionId}`;
      const kind = q.dataset.kind;
      if (kind === 'image' || kind === 'file') {
        const ids: string[] = [];
        for (const file of byId<HTMLInputElement>(id)?.files ?? []) {
          say(T.uploading);
          const body = new FormData();
          body.append('questionId', questionId);
          body.append('file', file);
          try {
            const answer = await sendProved(proof, at(A.upload.path), (altcha) => ({ method: 'POST', body, headers: { [PROOF_OF_WORK.header]: altcha } }));
            if (answer.data?.fileId) ids.push(answer.data.fileId);
          } catch (err) {
            // The upload's refusal is about this question's file (its path is `file`); a failed proof of work is the form's.
            if (err instanceof Refused && err.answer?.messageId !== PROOF_OF_WORK.messageId) {
              throw new Refused({ ...err.answer, errors: [{ message: err.answer?.message ?? T.failed, path: `answers.${questionId}` }] });
            }
            throw err;
          }
        }
        if (ids.length) out.push({ questionId, value: kind === 'image' ? ids[0] : ids });
      } else if (kind === 'radio' || kind === 'checkbox') {
        const values = checked(q);
        if (values.length) out.push({ questionId, value: kind === 'radio' ? values[0] : values });
      } else if (valueOf(id) !== '') {
        out.push({ questionId, value: valueOf(id) });
      }
    }
    return out;
  }

  const fields = ['reg-ticket', 'reg-name', 'reg-email', 'reg-phone', 'reg-edu', 'reg-gender', ...questions.map((q) => `q-${q.dataset.question}`)];
  const show = (found: Problem[]) => {
    for (const p of found) setError(p.id, p.message);
    inputsOf(found[0].id)[0]?.focus();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    for (const id of fields) setError(id, null);
    alert(null);
    say('');
    const found = problems();
    if (found.length) {
      alert(T.fixFields);
      show(found);
      return;
    }
    busy = true;
    submit.disabled = true;
    submit.textContent = T.submitting;
    void (async () => {
      try {
        const body = {
          ticketId: tickets.find((t) => t.checked)?.value,
          participant: {
            name: valueOf('reg-name'), email: valueOf('reg-email'), phoneNumber: normalPhone(valueOf('reg-phone')),
            lastEducation: valueOf('reg-edu'), gender: checked(form, 'gender')[0],
          },
          answers: await answers(),
          website: byId<HTMLInputElement>('reg-website')?.value ?? '',
          accessCode: byId<HTMLInputElement>('reg-access-code')?.value || undefined,
          // A tracking link's code (`?ref=`): the server keeps it when the event has that link.
          ref: new URLSearchParams(location.search).get(TRACKING_REF_PARAM) || undefined,
          // Present only where the server sends WhatsApp.
          whatsappOptIn: byId<HTMLInputElement>('reg-whatsapp')?.checked ?? false,
        };
        say(T.submitting);
        if (joining()) {
          const answer = await sendProved(proof, at(W.joinWaitlist.path), jsonWithProof(body));
          // Done: the place said as the form's result, and nothing left to press.
          say(S.joined.replace('{position}', String(answer.data?.result?.position ?? '')));
          status.className = 'done';
          submit.remove();
          return;
        }
        const answer = await sendProved(proof, at(A.register.path), jsonWithProof(body));
        const code = answer.data?.result?.ticketCode;
        say(T.done);
        // In another site's frame (`/e/{id}/embed`) the frame shows the e-ticket; on the event page, the page.
        if (code) location.assign(`${form.dataset.embed ? embedTicketPath(eventId, code) : eTicketPath(eventId, code)}?baru=1`);
      } catch (err) {
        say('');
        if (err instanceof Refused && err.answer?.messageId === 'TICKET_SOLD_OUT' && err.answer.data?.waitlist) {
          // Sold out while the form was filled: the next press joins the waiting list with the same answers.
          const radio = chosen();
          if (radio) radio.dataset.waitlist = '1';
          alert(S.soldOutJoin);
        } else if (err instanceof Refused) {
          alert(err.message);
          const placed = (err.answer?.errors ?? []).flatMap((e) => {
            const id = fieldOfPath(e.path);
            return id ? [{ id, message: e.message }] : [];
          });
          // Already registered with this email: said under the email too.
          if (!placed.length && err.answer?.messageId === 'MAX_TICKET_PER_USER') placed.push({ id: 'reg-email', message: err.message });
          if (placed.length) show(placed);
        } else {
          alert(T.network);
        }
        busy = false;
        submit.disabled = false;
        submit.textContent = label();
      }
    })();
  });
}

// One solver for the page's forms: a solution is spent once, and the next is solved ahead.
const proof = new ProofOfWork();
const form = byId<HTMLFormElement>('reg-form');
if (form) start(form, proof);
const resend = byId<HTMLFormElement>('resend-form');
if (resend) startResend(resend, proof);
