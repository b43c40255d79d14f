import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
// The app's Indonesian dates, as in every page, whichever test file runs first.
import '../lib/dates';
import { mediaQueryList } from './match-media';

// antd reads these browser APIs that jsdom lacks.
window.matchMedia ??= (query: string) => mediaQueryList(query, false);
// antd's pickers and text areas observe their size.
globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as unknown as typeof ResizeObserver;
afterEach(() => {
  cleanup();
  localStorage.clear();
});
