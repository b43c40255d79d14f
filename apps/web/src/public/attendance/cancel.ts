/**
 * The e-ticket page's "Batalkan pendaftaran": the registration's email as the confirmation,
 * sent with the page's ticket code; on success the page loads again and shows the new status,
 * otherwise the server's reason (past the deadline, checked in, another email) under the field.
 */
import { CANCEL_TEXT as T, SEATS_PUBLIC_ADDRESS as A } from './texts';
import { fieldMessage } from './field-message';
import { sendJson } from './send-json';

export function startCancel(form: HTMLFormElement, reload = () => location.reload()) {
  const input = form.querySelector<HTMLInputElement>('#batal-email');
  const error = form.querySelector<HTMLElement>('#batal-email-err');
  const submit = form.querySelector<HTMLButtonElement>('#batal-kirim');
  if (!input || !error || !submit) return;
  const label = submit.textContent ?? '';
  const say = fieldMessage(input, error);

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const email = input.value.trim();
    if (!email) { say(T.empty); input.focus(); return; }
    say(null);
    submit.disabled = true;
    submit.textContent = T.sending;
    try {
      const res = await sendJson(A.cancelOwn, { ticketCode: form.dataset.ticket ?? '' }, { email });
      if (res.ok) {
        const done = document.createElement('p');
        done.className = 'done';
        done.setAttribute('role', 'status');
        done.textContent = T.done;
        form.replaceWith(done);
        reload();
        return;
      }
      const answer = await res.json().catch(() => null) as { message?: string } | null;
      say(answer?.message ?? T.failed);
      input.focus();
    } catch {
      say(T.failed);
    } finally {
      submit.disabled = false;
      submit.textContent = label;
    }
  });
}
