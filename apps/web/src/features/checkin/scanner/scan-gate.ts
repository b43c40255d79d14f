/** The same code again within this time is the same ticket still in front of the camera: ignored. */
export const REPEAT_IGNORE_MS = 2000;
/** A frame is decoded this often. */
export const SCAN_EVERY_MS = 200;

/**
 * Which decoded codes become scans: a code is passed on unless it is the last one passed within
 * REPEAT_IGNORE_MS (another code is passed at once, so the next ticket is read without waiting).
 */
export function scanGate(ignoreMs = REPEAT_IGNORE_MS) {
  let last: { code: string; at: number } | undefined;
  return (code: string, now: number): boolean => {
    if (last && last.code === code && now - last.at < ignoreMs) return false;
    last = { code, at: now };
    return true;
  };
}
