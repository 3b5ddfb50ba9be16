import fc from "fast-check";

/**
 * The values a careless integration, a bored employee or an attacker sends: numbers past Postgres'
 * int4 and JavaScript's safe integers, floats, text that only looks like a number or a date,
 * impossible dates, zones one runtime knows and another does not, text of a few kilobytes, NUL
 * bytes and lone surrogates, every JSON type where another is expected.
 */

export const HOSTILE_NUMBERS = [
  99999999999,
  2147483648,
  2147483647,
  -2147483648,
  -2147483649,
  -1,
  0,
  0.5,
  1.5,
  -0.5,
  1e21,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  4294967296,
  32768,
  65536,
  1000,
  999,
  1000000,
];

export const HOSTILE_TEXT = [
  "",
  " ",
  "0",
  "-1",
  "00",
  "007",
  "99999999999",
  "2147483648",
  "2147483647",
  "-2147483649",
  "9".repeat(40),
  "1e3",
  "1e308",
  "0x10",
  "1.5",
  "1,5",
  "NaN",
  "Infinity",
  "-Infinity",
  "null",
  "undefined",
  "true",
  "false",
  "on",
  "2025-02-30",
  "2025-13-01",
  "2024-02-29",
  "2023-02-29",
  "0000-00-00",
  "0001-01-01",
  "1899-12-31",
  "2101-01-01",
  "9999-12-31",
  "275760-09-13",
  "2025-1-1",
  "2025-02-28T25:00:00Z",
  "01/02/2025",
  "US/Pacific-New",
  "Mars/Olympus_Mons",
  "America/Ciudad_Juarez",
  "Europe/Kyiv",
  "Factory",
  "+99:99",
  "' OR '1'='1",
  "'; drop table trailers; --",
  "%",
  "%%",
  "_",
  "\\",
  '"',
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff x",
  "\u202etxet",
  "👩‍👩‍👧‍👦🚛",
  "Ω≈ç√∫˜µ≤≥÷",
  "مرحبا بالعالم",
  "   padded   ",
  "line\nbreak\r\n",
  "\t",
  "<script>alert(1)</script>",
  "../../../etc/passwd",
  "{}",
  "[]",
  "a".repeat(101),
  "b".repeat(255),
  "c".repeat(1001),
  "Z".repeat(5000),
  "é".repeat(3000),
];

/** Ids a path may carry that name no record of the fuzz. */
export const HOSTILE_IDS = [
  "0",
  "-1",
  "99999999999",
  "2147483648",
  "2147483647",
  "-2147483649",
  "9".repeat(400),
  "abc",
  "1e3",
  "1e400",
  "1.5",
  "0x1",
  "00",
  " 1",
  "１",
  "NaN",
  "Infinity",
  "null",
  "' or 1=1--",
  "%00",
  "%",
  "é",
];

export const hostileNumber = fc.oneof(
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.integer(),
  fc.maxSafeInteger(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** The sharpest of them, drawn more often: each has broken a request of Yardline once. */
export const SHARP_TEXT = [
  "\u0000",
  "a\u0000b",
  "99999999999",
  "2147483648",
  "2025-02-30",
  "US/Pacific-New",
  "Z".repeat(5000),
  "\ud800",
  "-1",
  "1e3",
];

export const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SHARP_TEXT) },
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 200, maxLength: 3000 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

/** Any JSON value where a field is expected. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileText },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, {}, [], [1], ["a", "b"], { a: 1 }, { id: 1 }, [[[]]]) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** A whole request body: anything JSON at all (null, a list, a number, text, nested objects). */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, 0, -1, 99999999999, true, "", "text", [], [{}], {}, { "": null }),
  fc.jsonValue({ maxDepth: 4 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
);

/** A body that is not JSON: what a client sends by mistake. */
export const notJson = fc.constantFrom(
  "{",
  "{'a':1}",
  "undefined",
  "NaN",
  "[1,]",
  '{"a":1}garbage',
  "\u0000",
  "x".repeat(2000),
  "{".repeat(3000),
);

/** Date text from `offset` days around today, as the forms send them. */
export function dayFromToday(minOffset: number, maxOffset: number) {
  return fc
    .integer({ min: minOffset, max: maxOffset })
    .map((offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10));
}

/** A field's value: mostly one the endpoint accepts, else a hostile one. */
export function field<T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: valid as fc.Arbitrary<unknown> }, { weight: 2, arbitrary: hostileValue });
}

export const DELETE = Symbol("delete");

/**
 * A body built from the endpoint's fields: each one valid, then up to three of them replaced by
 * a hostile value or left out, so that most cases get past the other fields to the one that
 * matters. A dotted key ("move_details.type") names a nested field.
 */
export function mutatedBody(valid: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(valid);
  const base = fc.record(valid, { requiredKeys: keys as never[] });
  const mutation = fc.tuple(
    fc.constantFrom(...keys),
    fc.oneof({ weight: 4, arbitrary: hostileValue }, { weight: 1, arbitrary: fc.constant(DELETE) }),
  );
  const extra = fc.option(fc.tuple(fc.string({ maxLength: 12 }), hostileValue), { freq: 6 });
  return fc.tuple(base, fc.array(mutation, { maxLength: 3 }), extra).map(([body, mutations, extraField]) => {
    const result = structuredClone(body) as Record<string, unknown>;
    for (const [key, value] of mutations) setPath(result, key, value);
    if (extraField && !(extraField[0] in result)) result[extraField[0]] = extraField[1];
    return nest(result);
  });
}

/** Sets (or deletes) a flat key; nesting is applied afterwards by `nest`. */
function setPath(target: Record<string, unknown>, key: string, value: unknown) {
  if (value === DELETE) delete target[key];
  else target[key] = value;
}

/** {"a.b": 1, "a.c.0": 2} → {a: {b: 1, c: [2]}}; a hostile value on "a" stays as it is. */
function nest(flat: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split(".");
    let cursor: Record<string, unknown> = result;
    let broken = false;
    for (const [index, part] of parts.slice(0, -1).entries()) {
      if (cursor[part] === undefined) cursor[part] = /^\d+$/.test(parts[index + 1]) ? [] : {};
      if (typeof cursor[part] !== "object" || cursor[part] === null) {
        broken = true;
        break;
      }
      cursor = cursor[part] as Record<string, unknown>;
    }
    if (!broken) cursor[parts[parts.length - 1]] = value;
  }
  return result;
}

/** A query string from the endpoint's keys (each present or not, valid or hostile), with now and then a raw oddity. */
export function queryString(keys: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const names = Object.keys(keys);
  const pair = (name: string) =>
    fc.tuple(fc.constant(name), fc.oneof({ weight: 3, arbitrary: keys[name] }, { weight: 2, arbitrary: hostileText }));
  const pairs = names.length ? fc.array(fc.constantFrom(...names).chain(pair), { maxLength: 5 }) : fc.constant([] as [string, string][]);
  const raw = fc.constantFrom("", "", "", "", "&page=%", "&q=%E0%A4%A", "&%00=1", "&page=1&page=2", "&=", "&&&", `&q=${"%41".repeat(500)}`);
  return fc.tuple(pairs, raw).map(([entries, oddity]) => {
    const text = new URLSearchParams(entries).toString() + oddity;
    return text ? `?${text.replace(/^&/, "")}` : "";
  });
}
