/**
 * Adversarial inputs for the API server (issue 7: "hostile input on every generated and
 * manual route"), as fast-check arbitraries. Bodies are built as JSON *text* and then bytes, so
 * they can hold what `JSON.stringify` never writes: duplicate keys, `1e-400`, `\u`-spelled
 * keys, invalid UTF-8, 10,000 levels of nesting.
 */
import fc from 'fast-check';

/** Strings that have broken routers, stores and parsers elsewhere. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  '%00',
  '..',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '..\\..\\windows\\win.ini',
  '\ud800',
  'x\udc00',
  '\u2028\u2029\u0085',
  '\ufeff',
  '💩',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '9007199254740993',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '$where',
  '$set',
  '$$deleted',
  '$gt',
  'a.b',
  '{"$gt":""}',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '\\',
  '"',
  '%',
  '%zz',
  '\r\n',
  'a'.repeat(5_000),
];

/** Object keys that reach prototypes, NeDB operators or dotted paths. */
export const NASTY_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  '$where',
  '$set',
  '$gt',
  '$$deleted',
  '$$date',
  '$$indexCreated',
  '$$decorest',
  '_id',
  'id',
  'a.b',
  'user.name',
  'completed.$ne',
  '',
  ' ',
  '\u0000',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'k'.repeat(1_000),
];

/** Number literals as JSON text: `1e400` parses to Infinity, `1e-400` to 0, `2^53+1` rounds. */
export const NASTY_NUMBERS: readonly string[] = [
  '1e308',
  '-1e308',
  '1e400',
  '-1e400',
  '-0',
  '1e-400',
  '5e-324',
  '9007199254740993',
  '-9007199254740993',
  '123456789012345678901234567890',
  '0',
  '-1',
  '1.5',
  '1.0',
  '1E3',
];

/** Percent-encodes every byte of `text` as UTF-8 except unreserved characters (RFC 3986). */
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** `"__proto__"` spelled entirely as `\uXXXX` escapes, as a filter on raw text would miss it. */
export function escapedJsonString(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++)
    out += `\\u${text.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return `${out}"`;
}

const anyText = fc.string({ unit: 'binary', maxLength: 40 });

/** A string as JSON text, sometimes huge, sometimes with every character escaped. */
const stringText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS).map((s) => JSON.stringify(s)),
  anyText.map((s) => JSON.stringify(s)),
  fc.constantFrom(...NASTY_STRINGS).map(escapedJsonString),
  fc.constantFrom(1_000, 64_000).map((n) => JSON.stringify('x'.repeat(n))),
);

function keyText(fields: readonly string[]): fc.Arbitrary<string> {
  const named = fields.length > 0 ? [fc.constantFrom(...fields)] : [];
  return fc.oneof(
    ...named.map((a) => a.map((k) => JSON.stringify(k))),
    fc.constantFrom(...NASTY_KEYS).map((k) => JSON.stringify(k)),
    fc.constantFrom(...NASTY_KEYS).map(escapedJsonString),
    anyText.map((k) => JSON.stringify(k)),
  );
}

/** Any JSON value as text, from hostile scalars and keys. */
export function jsonValueText(fields: readonly string[]): fc.Arbitrary<string> {
  const key = keyText(fields);
  const scalar = fc.oneof(
    fc.constantFrom(...NASTY_NUMBERS),
    stringText,
    fc.constantFrom('true', 'false', 'null'),
    fc.double().map((n) => (Number.isFinite(n) ? String(n) : '0')),
  );
  return fc.letrec<{ value: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      scalar,
      fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
      fc
        .array(fc.tuple(key, tie('value')), { maxLength: 5 })
        .map((entries) => `{${entries.map(([k, v]) => `${k}:${v}`).join(',')}}`),
    ),
  })).value;
}

/** 10,000 levels of nesting, with a forbidden key or a `\u` escape at the bottom or not. */
export function deepNesting(field: string, levels = 10_000): string[] {
  const arrays = `${'['.repeat(levels)}1${']'.repeat(levels)}`;
  const objects = `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
  const protoAtBottom = `${'{"a":'.repeat(levels)}{"__proto__":{"polluted":1}}${'}'.repeat(levels)}`;
  const f = JSON.stringify(field);
  return [
    arrays,
    objects,
    `{${f}:${arrays}}`,
    `{${f}:${objects}}`,
    `{${f}:${protoAtBottom}}`,
    `{"\\u0061":${arrays}}`,
    `{${f}:${arrays},"note":"\\u00e9"}`,
  ];
}

/** Byte sequences that are not UTF-8: a lone 0xff, an overlong NUL, a CESU surrogate, cut runes. */
export const INVALID_UTF8: readonly (readonly number[])[] = [
  [0xff],
  [0xfe, 0xff],
  [0xc0, 0x80],
  [0xed, 0xa0, 0x80],
  [0xe2, 0x82],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0x80],
];

/** Texts no JSON parser accepts, or that parse to something other than an object. */
export const NOT_JSON: readonly string[] = [
  '',
  'undefined',
  "{'a':1}",
  '{"a":1,}',
  'NaN',
  '[1,2',
  '{"a":1}{"b":2}',
  '\u0000',
  '/* comment */{}',
  '\ufeff{}',
  'null',
  '[]',
  '"a string"',
  '42',
  'true',
  '{"a":1}\n\n',
];

/**
 * A hostile write body for a model: its valid `seed` fields followed by extra entries (later
 * duplicates win in JSON.parse, so a seed field can be overridden), or a free JSON value,
 * deep nesting, invalid UTF-8 inside valid JSON, or not JSON at all.
 */
export function hostileBody(
  fields: readonly string[],
  seed: Readonly<Record<string, unknown>>,
): fc.Arbitrary<Buffer> {
  const seedEntries = Object.entries(seed).map(
    ([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`,
  );
  const entry = fc.tuple(keyText(fields), jsonValueText(fields)).map(([k, v]) => `${k}:${v}`);
  const deep = deepNesting(fields.find((f) => f !== 'id') ?? 'x');
  return fc
    .oneof(
      { arbitrary: fc.array(entry, { minLength: 1, maxLength: 4 }), weight: 6 },
      { arbitrary: fc.constant([] as string[]), weight: 1 },
    )
    .chain((extra) =>
      fc.oneof(
        { weight: 6, arbitrary: fc.constant(`{${[...seedEntries, ...extra].join(',')}}`) },
        { weight: 2, arbitrary: jsonValueText(fields) },
        { weight: 1, arbitrary: fc.constantFrom(...deep) },
        { weight: 1, arbitrary: fc.constantFrom(...NOT_JSON) },
      ),
    )
    .chain((text) =>
      fc.oneof(
        { weight: 8, arbitrary: fc.constant(Buffer.from(text, 'utf8')) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(fc.constantFrom(...INVALID_UTF8), fc.nat())
            .map(([bytes, at]) => spliceInsideString(text, Buffer.from(bytes), at)),
        },
      ),
    );
}

/** Puts `bytes` inside the text's first string literal (or at `at`), keeping the JSON shape. */
function spliceInsideString(text: string, bytes: Buffer, at: number): Buffer {
  const raw = Buffer.from(text, 'utf8');
  const quote = raw.indexOf(0x22);
  const where = quote >= 0 ? quote + 1 : raw.length === 0 ? 0 : at % raw.length;
  return Buffer.concat([raw.subarray(0, where), bytes, raw.subarray(where)]);
}

/** Content types from the expected to the absurd; `undefined` sends none. */
export const CONTENT_TYPES: readonly (string | undefined)[] = [
  undefined,
  '',
  'text/plain',
  'text/html; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=utf-16le',
  'application/json; charset=iso-8859-1',
  'application/json;charset=',
  'application/json;;;',
  'APPLICATION/JSON',
  ' application/json ',
  'application/json, text/html',
  'application/+json',
  'application/vnd.api+json',
  'application/merge-patch+json',
  'application/jsonx',
  'json',
  '*/*',
  `application/json; x=${'a'.repeat(8_000)}`,
];

/** A request body as UTF-16 (what `charset=utf-16` promises), with or without a BOM. */
export function asUtf16(body: Buffer, bom: boolean): Buffer {
  const text = Buffer.from(body.toString('utf8'), 'utf16le');
  return bom ? Buffer.concat([Buffer.from([0xff, 0xfe]), text]) : text;
}

/**
 * Extra headers, each legal on the wire (no CR/LF; latin1 bytes 0x80–0xff are allowed by
 * HTTP as obs-text), together under Node's 16 KiB header limit.
 */
export const headerPairs: fc.Arbitrary<[string, string][]> = fc.array(
  fc.oneof(
    fc.constantFrom<[string, string]>(
      ['accept', 'text/html'],
      ['accept', 'application/xml;q=1, */*;q=0'],
      ['accept-charset', 'utf-16'],
      ['accept-encoding', 'gzip, br'],
      ['content-encoding', 'gzip'],
      ['content-encoding', 'br'],
      ['origin', 'http://evil.example'],
      ['origin', 'null'],
      ['cookie', `session=${'c'.repeat(8_000)}`],
      ['x-forwarded-for', '127.0.0.1, ::1'],
      ['x-forwarded-host', 'evil.example'],
      ['x-http-method-override', 'DELETE'],
      ['x-original-url', '/../../etc/passwd'],
      ['if-none-match', '*'],
      ['range', 'bytes=0-0'],
      ['authorization', 'Basic Og=='],
      ['access-control-request-headers', 'x-a, x-b, \u00e9'],
      ['access-control-request-method', 'DELETE'],
      ['x-latin1', '\u00e9\u00ff\u0080'],
      ['x-empty', ''],
      ['x-large', 'l'.repeat(6_000)],
      ['user-agent', '() { :; }; echo vulnerable'],
    ),
    fc
      .tuple(fc.stringMatching(/^x-[a-z0-9-]{1,20}$/), fc.string({ maxLength: 60 }))
      .map(([name, value]): [string, string] => [
        name,
        value.replace(/[\r\n]/g, ' ').replaceAll('\u0000', ' '),
      ]),
  ),
  { maxLength: 4 },
);

/** Host headers a client may send (the server builds `Link` URLs from it). */
export const HOSTS: readonly string[] = [
  'localhost',
  'evil.example',
  'evil.example:99999',
  '[::1]:3000',
  '',
  'a b',
  '\u00e9\u00ff',
  'localhost:3000/../../x',
  'h'.repeat(2_000),
];
