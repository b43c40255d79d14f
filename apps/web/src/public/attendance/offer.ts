/**
 * A waiting-list offer's page: "Ambil kursi ini" takes the seat through the API, then opens the
 * new e-ticket; a refusal (lapsed, already taken) is said above the button.
 */
import { eTicketPath, OFFER_TEXT as T, SEATS_PUBLIC_ADDRESS as A } from './texts';

export function startOffer(form: HTMLFormElement, open = (url: string) => location.assign(url)) {
  const error = form.querySelector<HTMLElement>('#tawaran-err');
  const submit = form.querySelector<HTMLButtonElement>('#tawaran-kirim');
  if (!error || !submit) return;
  const label = submit.textContent ?? '';
  const say = (message: string | null) => { error.textContent = message ?? ''; error.hidden = !message; };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    say(null);
    submit.disabled = true;
    submit.textContent = T.accepting;
    try {
      const res = await fetch(A.acceptOffer.path.replace(':token', encodeURIComponent(form.dataset.token ?? '')), {
        method: A.acceptOffer.method, headers: { accept: 'application/json' },
      });
      const answer = await res.json().catch(() => null) as { message?: string; data?: { result?: { ticketCode?: string } } } | null;
      const code = res.ok ? answer?.data?.result?.ticketCode : undefined;
      if (code) {
        open(`${eTicketPath(form.dataset.event ?? '', code)}?baru=1`);
        return;
      }
      say(answer?.message ?? T.failed);
    } catch {
      say(T.failed);
    }
    submit.disabled = false;
    submit.textContent = label;
  });
}
