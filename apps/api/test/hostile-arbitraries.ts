import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries for the fuzzing suite: plausible values derived from a
 * route's own zod 4 schema (so a request can get past validation and reach the service),
 * and hostile values to put in their place. zod-fast-check only knows zod 3, hence this
 * small walker over zod 4's `_zod.def`; an unknown schema kind yields any JSON value.
 */

type Def = { type: string; [key: string]: any };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): Def[] => ((def.checks ?? []) as { _zod: { def: Def } }[]).map((c) => c._zod.def);

/** Ids that exist in the fixture database, mixed into every id-like string so requests reach past "not found". */
export interface DeriveContext { knownIds: string[] }

const LONG = 100_000;
const FILTER_KEYS = fc.constantFrom('name', 'isPaidEvent', 'status', 'type', 'eventId', 'ticketId', 'email', 'phoneNumber', 'q', 'gender', 'lastEducation');
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function stringArb(def: Def, key: string, ctx: DeriveContext): fc.Arbitrary<string> {
  const checks = [def, ...checksOf(def)];
  let min = 0;
  let max = 40;
  let format: string | undefined;
  let pattern: RegExp | undefined;
  for (const c of checks) {
    if (c.check === 'min_length') min = c.minimum;
    if (c.check === 'max_length') max = Math.min(max, c.maximum);
    if (c.check === 'length_equals') min = max = c.length;
    if (c.check === 'string_format' || c.format) {
      format = c.format;
      if (c.format === 'regex' || c.pattern) pattern ??= c.pattern;
    }
  }
  max = Math.max(min, max);
  const ids = ctx.knownIds.length ? [fc.constantFrom(...ctx.knownIds)] : [];
  let base: fc.Arbitrary<string>;
  if (format === 'uuid' || format === 'guid') base = fc.oneof(...ids, fc.uuid());
  else if (format === 'email') base = fc.emailAddress();
  else if (format === 'datetime') base = fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  else if (format === 'date') base = fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  else if (pattern) base = fc.stringMatching(pattern).map((s) => (s.length > max ? s.slice(0, max) : s));
  // A list's `filters` is JSON text: an object of the keys lists filter on.
  else if (key === 'filters') base = fc.dictionary(FILTER_KEYS, fc.oneof(fc.string({ maxLength: 12 }), fc.boolean(), fc.integer({ min: 0, max: 10 })), { maxKeys: 3 }).map((o) => JSON.stringify(o));
  else base = fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
  // Every id-like field also gets the fixture's real ids, so ownership and state rules run.
  return /id$/i.test(key) && ids.length ? fc.oneof(ids[0], base) : base;
}

function numberArb(def: Def): fc.Arbitrary<number> {
  let min = -1e9;
  let max = 1e9;
  let int = false;
  for (const c of checksOf(def)) {
    if (c.check === 'greater_than') min = c.inclusive ? c.value : c.value + (int ? 1 : 1e-6);
    if (c.check === 'less_than') max = c.inclusive ? c.value : c.value - (int ? 1 : 1e-6);
    if (c.check === 'number_format' && (c.format === 'safeint' || c.format?.startsWith('int'))) int = true;
  }
  min = clamp(min, -1e12, 1e12);
  max = clamp(max, min, 1e12);
  return int ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** A plausible value for `schema`; `key` is the field's name (ids get the fixture's ids). */
export function fromZod(schema: z.ZodType | unknown, ctx: DeriveContext, key = '', depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 8) return fc.constant(null);
  const next = (s: unknown, k = key) => fromZod(s, ctx, k, depth + 1);
  switch (def.type) {
    case 'string': return stringArb(def, key, ctx);
    case 'number': return numberArb(def);
    case 'boolean': return fc.boolean();
    case 'null': return fc.constant(null);
    case 'undefined': case 'void': return fc.constant(undefined);
    case 'literal': return fc.constantFrom(...(def.values as unknown[]));
    case 'enum': return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'array': {
      let min = 0;
      let max = 3;
      for (const c of checksOf(def)) {
        if (c.check === 'min_length') min = c.minimum;
        if (c.check === 'max_length') max = Math.min(max, c.maximum);
        if (c.check === 'length_equals') min = max = c.length;
      }
      return fc.array(next(def.element), { minLength: min, maxLength: Math.max(min, max) });
    }
    case 'tuple': return fc.tuple(...(def.items as unknown[]).map((s) => next(s)));
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const optional = (s: unknown) => ['optional', 'default', 'prefault'].includes(defOf(s).type)
        || (defOf(s).type === 'pipe' && ['optional', 'default'].includes(defOf(defOf(s).in).type));
      const record = fc.record(
        Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, next(s, k)])),
        { requiredKeys: Object.keys(shape).filter((k) => !optional(shape[k])) },
      );
      return record;
    }
    case 'record': return fc.dictionary(fc.string({ maxLength: 10 }), next(def.valueType), { maxKeys: 3 });
    case 'optional': return fc.option(next(def.innerType), { nil: undefined, freq: 5 });
    case 'nullable': return fc.option(next(def.innerType), { nil: null, freq: 5 });
    case 'default': case 'prefault': case 'catch': case 'readonly': case 'nonoptional': return next(def.innerType);
    case 'lazy': return next(def.getter());
    case 'union': return fc.oneof(...(def.options as unknown[]).map((s) => next(s)));
    case 'pipe': {
      // `string().pipe(email())`: the output side says more; `number().transform(f)`: the input side.
      const out = defOf(def.out).type;
      return next(out === 'transform' || out === 'pipe' ? def.in : def.out);
    }
    default: return fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<unknown>;
  }
}

// ---------------------------------------------------------------- hostile values

const RTL = '\u202Eevil\u202C \u0627\u0644\u0639\u0631\u0628\u064A\u0629 \u05E2\u05D1\u05E8\u05D9\u05EA';
const EMOJI = '\u{1F469}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}\u{1F3F3}\uFE0F\u200D\u{1F308}';
const COMBINING = `Z${'\u0336\u0301\u0327\u0308'.repeat(500)}algo`;

/** Strings nobody types on purpose. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'a'.repeat(LONG), '\u{1F600}'.repeat(LONG / 2), RTL, EMOJI, COMBINING, '\u0000', 'a\u0000b', '%00', '\uD800', '\uDFFF\uD800',
    '\uFEFF', ' ', '', '\t\n\r', 'null', 'undefined', 'NaN', 'Infinity', '-0', '1e308', '-1', '0x10', '  42  ',
    "' or 1=1 --", '"; drop table users; --', '../../../../etc/passwd', '..%2F..%2Fetc%2Fpasswd', '<script>alert(1)</script>',
    '{{7*7}}', '${7*7}', '%s%s%s%n', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty',
    '{"__proto__":{"polluted":"yes"}}', '{"constructor":{"prototype":{"polluted":"yes"}}}', '[1,2', '{"name":{"$ne":null}}',
    '2026-02-30', '9999-12-31T23:59:59Z', '0000-00-00', '1970-01-01T00:00:00Z', 'https://', 'javascript:alert(1)',
    'file:///etc/passwd', 'x@x', `${'a'.repeat(300)}@example.com`,
  ),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.string({ unit: 'grapheme', minLength: 200, maxLength: 3000 }),
  // JSON-encoded objects (list `filters`), with the keys lists whitelist and keys they must not trust.
  fc.dictionary(
    fc.constantFrom('name', 'isPaidEvent', 'status', 'type', 'eventId', 'ticketId', 'q', '__proto__', 'constructor', 'prototype'),
    fc.oneof(fc.string({ maxLength: 20 }), fc.boolean(), fc.integer(), fc.constant(null), fc.constant({ polluted: 'yes' })),
    { maxKeys: 4 },
  ).map((o) => JSON.stringify(o)),
);

/**
 * Number literals JSON.stringify cannot write (-0, past the double range, unsafe integers kept
 * exact): carried as a marked string and written raw by `toJson`.
 */
const RAW = /"@@raw:([^"@]+)@@"/g;
export const rawNumber: fc.Arbitrary<string> = fc.constantFrom(
  '-0', '1e400', '-1e400', '9007199254740993', '-9007199254740993', '123456789012345678901234567890', '1e-400', '0.1e1', '1E2', '-15000.0000000001',
).map((text) => `@@raw:${text}@@`);

/** JSON text of `value`, with the raw number literals written as they are. */
export function toJson(value: unknown): string | undefined {
  return JSON.stringify(value)?.replace(RAW, '$1');
}

/** A value as query-string or path text (raw numbers as their literal). */
export function asText(v: unknown): string {
  const text = typeof v === 'string' ? v : v === undefined ? '' : toJson(v) ?? String(v);
  return text.replace(/@@raw:([^"@]+)@@/g, '$1');
}

/** Numbers at the edges: huge, negative money, not integers, not safe. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -(Number.MAX_SAFE_INTEGER + 2), -0, -1, -15_000, -1e12,
    0.5, -0.5, 1e-320, 2 ** 31, 2 ** 63, 2 ** 64, Number.MAX_VALUE, Number.MIN_VALUE, 0),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -1_000_000_000, max: -1 }),
);

/** An object whose own keys include the ones that pollute prototypes when merged naively. */
function pollutingObject(): fc.Arbitrary<unknown> {
  return fc.constantFrom(
    '{"__proto__":{"polluted":"yes","isAdmin":true}}',
    '{"constructor":{"prototype":{"polluted":"yes"}}}',
    '{"prototype":{"polluted":"yes"},"__proto__":null}',
    '{"__proto__":[],"toString":"x","valueOf":1,"hasOwnProperty":"x"}',
  ).map((text) => JSON.parse(text));
}

/** Any value of any type, for putting where the schema wants another one. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: rawNumber },
  { weight: 2, arbitrary: pollutingObject() },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], ['a', 1], { a: { b: { c: {} } } }, [[[[[]]]]]) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

export const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '', ' ', 'a'.repeat(1000), '\u0000', 'isAdmin', 'userId', 'creatorId', 'id', 'createdBy', 'balance');

type Path = (string | number)[];

function pathsOf(value: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...at, i], out));
  else if (value && typeof value === 'object') for (const k of Object.keys(value)) pathsOf((value as Record<string, unknown>)[k], [...at, k], out);
  return out;
}

/** How many strings `value` holds (the `pick`s a single-string taint can take). */
export function countStrings(value: unknown): number {
  return pathsOf(value).filter((p) => typeof at(value, p) === 'string').length;
}

function setOwn(target: Record<string | number, unknown>, key: string | number, value: unknown) {
  // defineProperty: `__proto__` becomes an own key (as JSON.parse makes it), never the prototype.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** One change to a plausible value: a field replaced, a key added, an entry removed, or the whole value swapped. */
export type Mutation =
  | { kind: 'keep' }
  | { kind: 'replace'; pick: number; value: unknown }
  | { kind: 'addKey'; pick: number; key: string; value: unknown }
  | { kind: 'remove'; pick: number }
  | { kind: 'taint'; pick: number; char: string; all: boolean }
  | { kind: 'whole'; value: unknown };

/** A character that text columns, collations or renderers may choke on; NUL most often (PostgreSQL text cannot hold it). */
const poison = fc.oneof(
  { weight: 4, arbitrary: fc.constant('\u0000') },
  { weight: 4, arbitrary: fc.constantFrom('\\u0000', '\u202E', '\uD800', '\u0301', '\u{1F600}', '\u200B', '\uFFFF', '\u0008', '\r\n', '%', '_', '\\', "'") },
);

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'keep' as const }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('replace' as const), pick: fc.nat(), value: hostileValue }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('addKey' as const), pick: fc.nat(), key: hostileKey, value: hostileValue }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('whole' as const), value: hostileValue }) },
  // A poisoned character in one (or every) otherwise plausible string: it passes length rules and reaches the queries.
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('taint' as const), pick: fc.nat(), char: poison, all: fc.boolean() }) },
);

/** Applies `m` to a JSON copy of `value` (own `__proto__` keys survive the copy). */
export function mutate(value: unknown, m: Mutation): unknown {
  if (m.kind === 'keep') return value;
  if (m.kind === 'whole') return m.value;
  const copy = value === undefined ? {} : JSON.parse(JSON.stringify(value));
  const containers = pathsOf(copy).filter((p) => p.length > 0 || (copy && typeof copy === 'object'));
  if (m.kind === 'addKey') {
    const objects = pathsOf(copy).filter((p) => { const v = at(copy, p); return v && typeof v === 'object' && !Array.isArray(v); });
    if (!objects.length) return copy;
    setOwn(at(copy, objects[m.pick % objects.length]) as Record<string, unknown>, m.key, m.value);
    return copy;
  }
  if (m.kind === 'taint') {
    const strings = pathsOf(copy).filter((p) => typeof at(copy, p) === 'string');
    if (!strings.length) return copy;
    const taint = (text: string): string => {
      // JSON text (a list's `filters`): poison the strings inside, so the character survives JSON.parse.
      if (text.startsWith('{')) {
        try { return JSON.stringify(mutate(JSON.parse(text), { ...m, all: true })); } catch { /* not JSON: as any text */ }
      }
      return `${text.slice(0, Math.floor(text.length / 2))}${m.char}${text.slice(Math.floor(text.length / 2))}`;
    };
    for (const path of m.all ? strings : [strings[m.pick % strings.length]]) {
      if (!path.length) return taint(copy as string);
      setOwn(at(copy, path.slice(0, -1)) as Record<string | number, unknown>, path[path.length - 1], taint(at(copy, path) as string));
    }
    return copy;
  }
  const leaves = containers.filter((p) => p.length > 0);
  if (!leaves.length) return m.kind === 'replace' ? m.value : copy;
  const path = leaves[m.pick % leaves.length];
  const parent = at(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  const key = path[path.length - 1];
  if (m.kind === 'remove') {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key];
  } else setOwn(parent, key, m.value);
  return copy;
}

function at(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], value);
}

/** Request bodies that are not JSON, or JSON that parsers find hard. */
export const rawBody: fc.Arbitrary<string> = fc.constantFrom(
  '', '{', '{"a":', '}', 'nul', 'undefined', "{'a':1}", '{"a":1,}', '[1,2,]', '{"a":1}{"b":2}', '\uFEFF{}', '\u0000',
  '"just a string"', '42', 'null', 'true', '[]', '[{}]', '1e400', '-1e400', '{"n":1e400}', '{"n":-0}',
  '{"n":123456789012345678901234567890}', '{"__proto__":{"polluted":"yes"}}', '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"a":"\\ud800"}', '{"a":"\\u0000"}', '{"a":1,"a":2}', `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  `{"a":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`, `"${'x'.repeat(LONG)}"`, '{"a":"\\x41"}', 'NaN', '{"a":NaN}',
);

/** Content types a JSON route may be sent. */
export const contentType = fc.oneof(
  { weight: 1, arbitrary: fc.constant('application/json') },
  { weight: 6, arbitrary: fc.constantFrom(
    'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'multipart/form-data; boundary=x',
    'application/json; charset=utf-16', 'application/json; charset=latin1', 'application/xml', 'application/vnd.api+json',
    'application/json, text/plain', '*/*', ';;;', 'application/octet-stream', undefined,
  ) },
);
