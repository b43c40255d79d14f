/** A form field's error line (`{id}-err`) and the state of its inputs, as the server rendered them. */

export const byId = <E extends HTMLElement>(id: string) => document.getElementById(id) as E | null;

/** The inputs that carry a field's state: the control itself, or every input of a group. */
export const inputsOf = (id: string): HTMLElement[] => {
  const el = byId(id);
  if (!el) return [];
  return el.tagName === 'FIELDSET' ? [...el.querySelectorAll<HTMLElement>('input')] : [el];
};

/** Shows `message` under the field (read out with it through aria-describedby), or clears it. */
export function setError(id: string, message: string | null) {
  const line = byId(`${id}-err`);
  if (line) { line.textContent = message ?? ''; line.hidden = !message; }
  for (const input of inputsOf(id)) {
    const described = new Set((input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean));
    if (message) { input.setAttribute('aria-invalid', 'true'); described.add(`${id}-err`); } else { input.removeAttribute('aria-invalid'); described.delete(`${id}-err`); }
    if (described.size) input.setAttribute('aria-describedby', [...described].join(' ')); else input.removeAttribute('aria-describedby');
  }
}
