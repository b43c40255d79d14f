import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
// The app's Indonesian dates, as in every page, whichever test file runs first.
import '../lib/dates';
import { mediaQueryList } from './match-media';

// antd reads these browser APIs that jsdom lacks.
window.matchMedia ??= (query: string) => mediaQueryList(query, false);
// antd's pickers and text areas observe their size.
globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as unknown as typeof ResizeObserver;
// findBy/waitFor wait up to 1 s by default: antd's dialogs and lazy screens on a busy CI machine
// (two cores, the API tests beside) took longer, failing a screen that was only slow to show.
configure({ asyncUtilTimeout: 4000 });
afterEach(() => {
  cleanup();
  localStorage.clear();
});
