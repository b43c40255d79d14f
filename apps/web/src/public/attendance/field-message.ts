/**
 * What a field's message line says (null: nothing): its text, shown or hidden, and the field
 * marked invalid while it says something. The page's forms share it.
 */
export const fieldMessage = (input: HTMLInputElement, line: HTMLElement) => (message: string | null) => {
  line.textContent = message ?? '';
  line.hidden = !message;
  if (message) input.setAttribute('aria-invalid', 'true'); else input.removeAttribute('aria-invalid');
};
