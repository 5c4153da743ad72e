/** Copy as curl, and paste a curl command to fill the console (the common subset). */

export interface CurlRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body: string;
  /** Issue 30: a multipart form's fields, as `-F name=value` and `-F name=@path`. */
  form?: { name: string; value: string; file: boolean }[];
  /** Issue 30: `-u user:password`, for the Basic auth helper. */
  basic?: { username: string; password: string };
}

const quote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

export function toCurl(request: CurlRequest): string {
  const parts = ['curl'];
  const form = request.form ?? [];
  if (request.method !== 'GET' || request.body || form.length > 0) parts.push('-X', request.method);
  parts.push(quote(request.url));
  for (const [name, value] of request.headers) parts.push('-H', quote(`${name}: ${value}`));
  if (request.basic) parts.push('-u', quote(`${request.basic.username}:${request.basic.password}`));
  if (request.body) parts.push('--data-raw', quote(request.body));
  for (const f of form) parts.push('-F', quote(`${f.name}=${f.file ? '@' : ''}${f.value}`));
  return parts.join(' ');
}

/** Splits a shell command line into words: single and double quotes, backslash escapes. */
function words(command: string): string[] {
  const out: string[] = [];
  let current = '';
  let started = false;
  let quoteChar: '"' | "'" | null = null;
  const text = command.replace(/\\\r?\n/g, ' ');
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoteChar === "'") {
      if (c === "'") quoteChar = null;
      else current += c;
    } else if (quoteChar === '"') {
      if (c === '"') quoteChar = null;
      else if (c === '\\' && i + 1 < text.length && '"\\$`'.includes(text[i + 1]!))
        current += text[++i];
      else current += c;
    } else if (c === "'" || c === '"') {
      quoteChar = c;
      started = true;
    } else if (c === '\\' && i + 1 < text.length) {
      current += text[++i];
      started = true;
    } else if (/\s/.test(c)) {
      if (started || current) out.push(current);
      current = '';
      started = false;
    } else {
      current += c;
      started = true;
    }
  }
  if (started || current) out.push(current);
  return out;
}

const DATA_FLAGS = new Set([
  '-d',
  '--data',
  '--data-raw',
  '--data-binary',
  '--data-ascii',
  '--json',
]);
const IGNORED_WITH_VALUE = new Set([
  '-o',
  '--output',
  '-A',
  '--user-agent',
  '-b',
  '--cookie',
  '-e',
  '--referer',
  '-m',
  '--max-time',
  '--connect-timeout',
]);

/** Reads `curl …`; null when the text is not a curl command. */
export function parseCurl(command: string): CurlRequest | null {
  const argv = words(command.trim());
  if (argv[0] !== 'curl') return null;
  let method: string | null = null;
  let url = '';
  const headers: [string, string][] = [];
  let body = '';
  const form: NonNullable<CurlRequest['form']> = [];
  let basic: CurlRequest['basic'];
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    const next = () => argv[++i] ?? '';
    if (arg === '-X' || arg === '--request') method = next().toUpperCase();
    else if (arg.startsWith('-X') && arg.length > 2) method = arg.slice(2).toUpperCase();
    else if (arg === '-H' || arg === '--header') {
      const header = next();
      const colon = header.indexOf(':');
      if (colon > 0) headers.push([header.slice(0, colon).trim(), header.slice(colon + 1).trim()]);
    } else if (DATA_FLAGS.has(arg)) {
      body = next();
      if (arg === '--json') headers.push(['Content-Type', 'application/json']);
    } else if (arg === '--url') url = next();
    else if (arg === '-I' || arg === '--head') method = 'HEAD';
    else if (arg === '-F' || arg === '--form') {
      const field = next();
      const eq = field.indexOf('=');
      if (eq > 0) {
        const value = field.slice(eq + 1);
        // `@path;type=image/png`: the path is what the Console keeps.
        const file = value.startsWith('@');
        form.push({
          name: field.slice(0, eq),
          value: file ? value.slice(1).split(';')[0]! : value,
          file,
        });
      }
    } else if (arg === '-u' || arg === '--user') {
      const credentials = next();
      const colon = credentials.indexOf(':');
      basic =
        colon < 0
          ? { username: credentials, password: '' }
          : { username: credentials.slice(0, colon), password: credentials.slice(colon + 1) };
    } else if (IGNORED_WITH_VALUE.has(arg)) next();
    else if (!arg.startsWith('-') && !url) url = arg;
  }
  if (!url) return null;
  return {
    method: method ?? (body || form.length > 0 ? 'POST' : 'GET'),
    url,
    headers,
    body,
    ...(form.length > 0 ? { form } : {}),
    ...(basic ? { basic } : {}),
  };
}
