import { fireEvent, screen, waitFor } from '@testing-library/react';
import { json, mockApi } from '../../test/mock-api';

export { json, mockApi };

export const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body ?? 'null')) as unknown;

/** Opens an antd Select by its label and picks an option by its text. */
export async function choose(selectLabel: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: selectLabel }));
  const el = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')]
      .find((o) => o.textContent === option);
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(el);
}
