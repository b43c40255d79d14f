import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
// The app's Indonesian dates, as in every page, whichever test file runs first.
import '../lib/dates';

// antd reads these browser APIs that jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
  });
}
// antd's pickers and text areas observe their size.
globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as unknown as typeof ResizeObserver;
afterEach(() => {
  cleanup();
  localStorage.clear();
});
