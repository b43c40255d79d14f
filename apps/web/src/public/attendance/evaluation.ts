/**
 * The e-ticket page's "Evaluasi" form: reads the questions from the form the server rendered,
 * checks the answers with the contract's rule (the server's own), sends them once, and shows
 * the thank-you in the form's place. Each question's problem is said under it, from this check
 * or from the server's 400; any other refusal (answered, closed) above the button.
 */
import { EVALUATION_ADDRESS as A, EVALUATION_AFTER_ATTR, EVALUATION_MSG as M, EVALUATION_PAGE_TEXT as T, evaluationAnswerIssues } from './texts';
import { sendJson } from './send-json';

type Question = Parameters<typeof evaluationAnswerIssues>[0][number];
interface Answer { message?: string; errors?: { path?: string; message: string }[] }

/** The questions as the page lists them: id, kind and whether required from each block's data, options from its inputs. */
function questionsOf(form: HTMLFormElement): { question: Question; block: HTMLElement }[] {
  return [...form.querySelectorAll<HTMLElement>('.q[data-q]')].map((block) => ({
    block,
    question: {
      id: block.dataset.q ?? '', type: block.dataset.type as Question['type'], label: '', isRequired: block.dataset.required === '1',
      options: [...block.querySelectorAll<HTMLInputElement>('input')].map((i) => i.value),
    },
  }));
}

/** One question's answer as the API takes it; undefined when left blank. */
function valueOf(q: Question, block: HTMLElement): unknown {
  if (q.type === 'text') return block.querySelector('textarea')?.value.trim() || undefined;
  const checked = [...block.querySelectorAll<HTMLInputElement>('input:checked')].map((i) => i.value);
  if (q.type === 'checkbox') return checked.length ? checked : undefined;
  if (!checked.length) return undefined;
  return q.type === 'radio' ? checked[0] : Number(checked[0]);
}

export function startEvaluation(form: HTMLFormElement) {
  const submit = form.querySelector<HTMLButtonElement>(`#${form.id}-kirim`);
  const alert = form.querySelector<HTMLElement>(`#${form.id}-err`);
  if (!submit || !alert) return;
  const label = submit.textContent ?? '';
  const items = questionsOf(form);
  const questions = items.map((i) => i.question);

  const sayAll = (message: string | null) => { alert.textContent = message ?? ''; alert.hidden = !message; };
  /** A question's message under it (null: clears it), its group or box marked invalid meanwhile. */
  const say = (block: HTMLElement, message: string | null) => {
    const line = block.querySelector<HTMLElement>('.err');
    const target = block.querySelector('textarea') ?? block;
    if (line) { line.textContent = message ?? ''; line.hidden = !message; }
    if (message) target.setAttribute('aria-invalid', 'true'); else target.removeAttribute('aria-invalid');
  };
  /** Shows each issue under its question (path `answers.<questionId>`); true when there was one. */
  const show = (issues: { path?: string; message: string }[]) => {
    let first: HTMLElement | undefined;
    for (const { block, question } of items) {
      const issue = issues.find((i) => i.path === `answers.${question.id}`);
      say(block, issue?.message ?? null);
      if (issue && !first) first = block;
    }
    first?.querySelector<HTMLElement>('input, textarea')?.focus();
    return first !== undefined;
  };

  // A question answered again is no longer wrong as far as anyone knows; nor the form, once none is.
  for (const { block } of items) {
    block.addEventListener('input', () => {
      say(block, null);
      if (!form.querySelector('.q .err:not([hidden])')) sayAll(null);
    });
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    sayAll(null);
    const answers = items.map(({ question, block }) => ({ questionId: question.id, value: valueOf(question, block) })).filter((a) => a.value !== undefined);
    if (show(evaluationAnswerIssues(questions, { answers }).issues)) { sayAll(T.fix); return; }
    submit.disabled = true;
    submit.textContent = T.sending;
    try {
      const res = await sendJson(A.answer, { ticketCode: form.dataset.ticket ?? '' }, { answers });
      const answer = await res.json().catch(() => null) as Answer | null;
      if (res.ok) {
        // The section as the page shows it once answered: its heading and the thank-you.
        const section = document.createElement('section');
        section.className = form.className;
        section.id = form.id;
        section.setAttribute('aria-labelledby', form.getAttribute('aria-labelledby') ?? '');
        const heading = form.querySelector('h2');
        if (heading) section.append(heading);
        const done = document.createElement('p');
        done.className = 'done';
        done.setAttribute('role', 'status');
        done.textContent = answer?.message ?? M.answered;
        section.append(done);
        form.replaceWith(section);
        // What the page asked for is sent: its lines now say what is still missing, if anything.
        for (const line of document.querySelectorAll<HTMLElement>(`[${EVALUATION_AFTER_ATTR}]`)) {
          line.textContent = line.getAttribute(EVALUATION_AFTER_ATTR);
          line.removeAttribute(EVALUATION_AFTER_ATTR);
        }
        return;
      }
      const perQuestion = res.status === 400 && show(answer?.errors ?? []);
      sayAll(perQuestion ? T.fix : answer?.message ?? T.failed);
    } catch {
      sayAll(T.failed);
    } finally {
      submit.disabled = false;
      submit.textContent = label;
    }
  });
}
