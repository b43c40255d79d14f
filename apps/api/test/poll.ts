/**
 * Reads until `ok(value)` holds or `timeoutMs` has passed, every `everyMs`; answers the last
 * value read, so a test's own assertion on it says what was still missing.
 */
export async function pollUntil<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, everyMs));
    value = await read();
  }
  return value;
}
