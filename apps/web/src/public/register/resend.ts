/**
 * "Kirim ulang e-tiket" on the event page: checks the email, sends it with a solved challenge
 * and says the one neutral sentence the API answers for any email; a refusal (too many requests)
 * or a lost connection is said plainly in the form's alert.
 */
import { byId, setError } from './field-errors';
import { emailOk } from './form-check';
import type { ProofOfWork } from './proof-of-work';
import { jsonWithProof, Refused, sendProved, whenShown } from './public-call';
import { PUBLIC_FORM_TEXT as F, PUBLIC_REGISTRATION_ADDRESS as A, PUBLIC_RESEND_TEXT as R } from './texts';

const FIELD = 'resend-email';

export function startResend(form: HTMLFormElement, proof: ProofOfWork) {
  const input = byId<HTMLInputElement>(FIELD);
  const alertBox = byId('resend-alert');
  const status = byId('resend-status');
  const submit = byId<HTMLButtonElement>('resend-submit');
  if (!input || !alertBox || !status || !submit) return;
  whenShown(form, () => proof.prepare());
  const url = A.resendTickets.path.replace(':eventId', encodeURIComponent(form.dataset.event ?? ''));
  const alert = (text: string | null) => { alertBox.textContent = text ?? ''; alertBox.hidden = !text; };
  const fieldError = (message: string) => { setError(FIELD, message); input.focus(); };

  let busy = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    setError(FIELD, null);
    alert(null);
    status.textContent = '';
    const email = input.value.trim();
    if (!email) return fieldError(form.dataset.required ?? F.emailInvalid);
    if (!emailOk(email)) return fieldError(form.dataset.emailInvalid ?? F.emailInvalid);
    busy = true;
    submit.disabled = true;
    submit.textContent = R.submitting;
    void (async () => {
      try {
        await sendProved(proof, url, jsonWithProof({ email }));
        status.textContent = R.sent;
      } catch (err) {
        const refused = err instanceof Refused ? err.answer : undefined;
        const onField = refused?.errors?.find((e) => e.path === 'email');
        if (onField) fieldError(form.dataset.emailInvalid ?? onField.message);
        else alert(err instanceof Refused ? refused?.message ?? R.failed : F.network);
      } finally {
        busy = false;
        submit.disabled = false;
        submit.textContent = R.submit;
      }
    })();
  });
}
