import { vi } from 'vitest';

/** A MediaQueryList that never changes, answering `matches` for `query`. */
export function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches, media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
  };
}

/** matchMedia for one test (undone by `vi.unstubAllGlobals()`): `matches` decides each query. */
export function stubMatchMedia(matches: (query: string) => boolean) {
  vi.stubGlobal('matchMedia', (query: string) => mediaQueryList(query, matches(query)));
}
