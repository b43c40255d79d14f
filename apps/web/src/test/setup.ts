import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// antd reads these browser APIs that jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
  });
}
afterEach(() => {
  cleanup();
  localStorage.clear();
});
