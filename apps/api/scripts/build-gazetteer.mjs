#!/usr/bin/env node
/**
 * Rebuilds apps/api/src/modules/places/gazetteer.json from the `geografis` npm package
 * (MIT; see ../src/modules/places/GAZETTEER-LICENSE.md). The package is ~60 MB of village data,
 * so it is never a dependency: unpack it somewhere and point this script at it.
 *
 *   cd /tmp && npm pack geografis@1.3.2 && mkdir -p geografis && tar xzf geografis-1.3.2.tgz -C geografis
 *   node apps/api/scripts/build-gazetteer.mjs /tmp/geografis/package
 *
 * geografis has coordinates per village only. A province's or regency's point is the
 * component-wise median of its villages' coordinates: deterministic, robust to the odd
 * mis-placed village, and it leans towards where villages are dense (where people live),
 * which is what an event location wants. Nothing is typed in by hand.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const EXPECTED_VERSION = '1.3.2';
const pkgDir = path.resolve(process.argv[2] ?? 'node_modules/geografis');
const out = path.resolve(import.meta.dirname, '../src/modules/places/gazetteer.json');

const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
if (pkg.name !== 'geografis') throw new Error(`${pkgDir} is ${pkg.name}, not geografis`);
if (pkg.version !== EXPECTED_VERSION) {
  // A new version may be fine, but GAZETTEER-LICENSE.md must then be updated with it.
  console.warn(`warning: geografis ${pkg.version}, GAZETTEER-LICENSE.md names ${EXPECTED_VERSION}`);
}

/** Province → regencies → districts → villages, each village with latitude/longitude. */
const collection = JSON.parse(readFileSync(path.join(pkgDir, 'data/json/collection.json'), 'utf8'));

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const round4 = (v) => Math.round(v * 1e4) / 1e4;
const villagesOf = (city) => city.districts.flatMap((d) => d.villages).filter((v) => Number.isFinite(v.latitude) && Number.isFinite(v.longitude));
const point = (villages) => {
  if (villages.length === 0) throw new Error('an area without any village coordinate');
  return { lat: round4(median(villages.map((v) => v.latitude))), lng: round4(median(villages.map((v) => v.longitude))) };
};

const places = [];
for (const province of collection) {
  const all = [];
  for (const city of province.cities) {
    const villages = villagesOf(city);
    all.push(...villages);
    const kind = /^Kota\b/.test(city.city) ? 'city' : 'regency';
    places.push({ code: city.code, name: city.city, kind, province: province.province, ...point(villages) });
  }
  places.push({ code: province.code, name: province.province, kind: 'province', province: province.province, ...point(all) });
}
places.sort((a, b) => a.code.localeCompare(b.code, 'en', { numeric: true }));

const counts = places.reduce((acc, p) => ({ ...acc, [p.kind]: (acc[p.kind] ?? 0) + 1 }), {});
const doc = {
  source: `geografis@${pkg.version} (MIT), https://www.npmjs.com/package/geografis; points are medians of village coordinates`,
  places,
};
// One place per line: small, and a regenerated file diffs line by line.
const body = `{\n"source": ${JSON.stringify(doc.source)},\n"places": [\n${places.map((p) => JSON.stringify(p)).join(',\n')}\n]\n}\n`;
writeFileSync(out, body);
console.log(`wrote ${path.relative(process.cwd(), out)}: ${places.length} places`, counts);
