/**
 * After a code's result shows, the same code is ignored this long: it is the same ticket still in
 * front of the camera, and its result (the person just let in) must stay on screen to be read.
 */
export const REPEAT_IGNORE_MS = 5000;
/** A frame is decoded this often. */
export const SCAN_EVERY_MS = 200;

/**
 * Which decoded codes become scans. A code is passed on unless it is the last one passed and its
 * result came less than `ignoreMs` ago (or has not come yet); another code is passed at once, so
 * the next ticket is read without waiting. The window runs from the result, not the decoding: a
 * slow answer does not shorten the time the result stays on screen.
 */
export function scanGate(ignoreMs = REPEAT_IGNORE_MS) {
  let last: { code: string; until: number } | undefined;
  return {
    pass(code: string, now: number): boolean {
      if (last && last.code === code && now < last.until) return false;
      last = { code, until: Number.POSITIVE_INFINITY };
      return true;
    },
    /** The scan of `code` has its result on screen as of `now`. */
    answered(code: string, now: number) {
      if (last?.code === code) last.until = now + ignoreMs;
    },
  };
}
