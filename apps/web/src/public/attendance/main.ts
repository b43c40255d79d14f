/**
 * The e-ticket page's attendance form (`/e/{eventId}/ticket/{code}`, online events), its
 * cancellation (cancel.ts), its evaluation (evaluation.ts), and the waiting-list offer page's button (offer.ts):
 * plain DOM over the form the server rendered. Sends the code read out in the session with the
 * page's ticket code; shows the server's answer (attended, wrong code with the tries left,
 * closed, too many tries) under the field, or the time of attendance in the form's place.
 */
import { fieldMessage } from './field-message';
import { startCancel } from './cancel';
import { startOffer } from './offer';
import { startEvaluation } from './evaluation';
import { ATTENDANCE_ADDRESS as A, ATTENDANCE_TEXT as T, normalAttendanceCode } from './texts';
import { sendJson } from './send-json';

/**
 * `25 November 2026, 09:15` on the WIB clock, as the page says it after a reload; with the
 * browser's Intl (the contract's time helpers would put a chunk shared with the dashboard here).
 */
const WIB = new Intl.DateTimeFormat('id-ID', { timeZone: 'Asia/Jakarta', day: 'numeric', month: 'long', year: 'numeric' });
const WIB_TIME = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Jakarta', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const wibText = (at: Date) => `${WIB.format(at)}, ${WIB_TIME.format(at)}`;

interface Answer { message?: string; data?: { result?: { attendedAt: string } } }

function start(form: HTMLFormElement) {
  const input = form.querySelector<HTMLInputElement>('#presensi-kode');
  const error = form.querySelector<HTMLElement>('#presensi-kode-err');
  const submit = form.querySelector<HTMLButtonElement>('#presensi-kirim');
  if (!input || !error || !submit) return;
  const label = submit.textContent ?? '';
  const say = fieldMessage(input, error);

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const code = normalAttendanceCode(input.value);
    if (!code) { say(T.empty); input.focus(); return; }
    say(null);
    submit.disabled = true;
    submit.textContent = T.sending;
    try {
      const res = await sendJson(A.attend, {}, { ticketCode: form.dataset.ticket ?? '', code });
      const answer = await res.json().catch(() => null) as Answer | null;
      const attendedAt = res.ok ? answer?.data?.result?.attendedAt : undefined;
      if (!attendedAt) { say(answer?.message ?? T.failed); input.focus(); return; }
      const done = document.createElement('p');
      done.className = 'done';
      done.id = 'presensi-done';
      done.setAttribute('role', 'status');
      done.textContent = `${answer?.message ?? ''} ${T.attendedAt.replace('{time}', wibText(new Date(attendedAt)))}`.trim();
      form.replaceWith(done);
    } catch {
      say(T.failed);
    } finally {
      submit.disabled = false;
      submit.textContent = label;
    }
  });
}

const form = document.getElementById('presensi');
if (form instanceof HTMLFormElement) start(form);
const cancel = document.getElementById('batal');
if (cancel instanceof HTMLFormElement) startCancel(cancel);
const offer = document.getElementById('tawaran');
if (offer instanceof HTMLFormElement) startOffer(offer);
const evaluation = document.getElementById('evaluasi');
if (evaluation instanceof HTMLFormElement) startEvaluation(evaluation);
