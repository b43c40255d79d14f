import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * V8 options the API process sets for itself, as server.ts's first import (before it opens the
 * database or serves anything), so that every way of starting it (npm start, the systemd units,
 * the benches and tests) runs with them.
 *
 * No allocation-site pretenuring: V8 allocates an allocation site's objects straight in the old
 * generation once most of them have survived a young collection. Under load a request's objects
 * (the rows the driver parsed, the response's headers) are still alive at a scavenge while the
 * request waits on the database, so V8 pretenured those sites: their objects then died in the old
 * generation, were walked by every scavenge (pointers into the young one) and brought major
 * collections. On the participant page at 50 connections (scale bench data): promoted 14.5 → 1.2
 * KB a request, scavenges 24 → 7 µs a request, the API's CPU 127 → 88 µs a request; the bare
 * route promotes nothing and is unchanged.
 */
export const V8_FLAGS = ['--no-allocation-site-pretenuring'];

for (const flag of V8_FLAGS) setFlagsFromString(flag);

type Gc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * Startup (the bundle loaded, the database migrated, the routes built) grows V8's young
 * generation to its largest (32 MB) and leaves it mostly garbage. V8 gives those pages back only
 * when its memory reducer collects, which an idle process reaches about 100 s after start. The
 * collection V8 runs when memory runs out ("last resort": full, repeated, shrinking the young
 * generation to its first size) gives them back at once: the idle server's RSS 150 → 120 MB.
 * Node 20's V8 keeps the young generation's size through it.
 */
export function collectStartupGarbage(): void {
  // `gc` exists only in contexts made while --expose-gc is set: fetch it from one, then unset it.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as Gc;
  setFlagsFromString('--no-expose-gc');
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
