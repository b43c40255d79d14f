import { setFlagsFromString } from 'node:v8';

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
